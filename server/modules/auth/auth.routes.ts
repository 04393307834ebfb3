import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION, LOGIN } from '#shared/limits.ts';
import { textIn } from '#shared/i18n/texts.ts';
import {
  meResponse,
  requestCodeBody,
  requestCodeResponse,
  setLanguageBody,
  setRoleBody,
  verifyCodeBody,
  sessionList,
} from '#shared/schemas/auth.ts';
import type { Ctx } from '../../context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { SmsDeliveryError } from '../../adapters/sms.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requestLanguage } from '../../lib/language.ts';
import {
  findMe,
  accountOfPhone,
  setLanguage,
  setRole,
  upsertUserByPhone,
} from '../users/users.repo.ts';
import {
  createSession,
  endReplacedSession,
  liveSessions,
  revokeOtherSessions,
  revokeSession,
} from './sessions.ts';

const codeSent = (phone: string) => ({
  phone,
  expiresInSeconds: LOGIN.codeTtlSeconds,
  resendAfterSeconds: LOGIN.resendCooldownSeconds,
});

export async function authRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION.cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.isProduction,
      path: '/',
      maxAge: SESSION.ttlDays * 24 * 3600,
    });

  app.post(
    '/api/auth/otp',
    {
      config: { policy: 'public' },
      schema: { tags: ['auth'], body: requestCodeBody, response: { 200: requestCodeResponse } },
    },
    async (request) => {
      const req = { purpose: 'login' as const, target: request.body.phone, ip: request.ip };
      const { code, id } = await ctx.codes.issue(req);
      const account = await accountOfPhone(ctx.db, req.target);
      // A suspended account gets no session at the code step, so its code is not worth an SMS.
      // The answer stays that of any phone (the code issued, its cooldown and limits counted, only
      // not sent): whoever types a number learns nothing of its account here; the code step tells
      // the phone's owner, who alone can reach it (decision 028, session 23).
      if (account?.suspended) return codeSent(req.target);
      // In the account's language, else the language this browser asks for (decision 026).
      const language = account?.language ?? requestLanguage(request);
      try {
        await ctx.sms.send({
          to: req.target,
          text: textIn(language, 'login.smsText', { code }),
          vars: { otp: code },
          language,
        });
      } catch (err) {
        if (!(err instanceof SmsDeliveryError)) throw err;
        request.log.error({ err }, 'sms delivery failed');
        await ctx.codes.withdraw(id, req);
        throw new AppError(502, 'login.sendFailed');
      }
      ctx.metrics.codeSent(req.purpose);
      return codeSent(req.target);
    },
  );

  app.post(
    '/api/auth/verify',
    {
      config: { policy: 'public' },
      schema: { tags: ['auth'], body: verifyCodeBody, response: { 200: meResponse } },
    },
    async (request, reply) => {
      const { phone, code } = request.body;
      await ctx.codes.verify({ purpose: 'login', target: phone, code, ip: request.ip });
      const userId = await upsertUserByPhone(ctx.db, phone);
      // A suspended account gets no new session (a moderator restores it).
      const [suspended] = await ctx.db.query(
        'SELECT 1 FROM users WHERE id = $1 AND suspended_at IS NOT NULL',
        [userId],
      );
      if (suspended) throw new AppError(403, 'moderation.suspended');
      const token = await createSession(ctx.db, userId, request.ip, request.headers['user-agent']);
      const replaced = request.user;
      if (replaced && (await endReplacedSession(ctx.db, replaced, userId)))
        await ctx.bus.publish([replaced.id], {
          type: 'session.revoked',
          sessionHash: replaced.sessionHash,
        });
      setSessionCookie(reply, token);
      const user = await findMe(ctx.db, userId);
      if (!user) throw notFound();
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { policy: 'public' }, schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.user) {
        await revokeSession(ctx.db, request.user.sessionHash);
        await ctx.bus.publish([request.user.id], {
          type: 'session.revoked',
          sessionHash: request.user.sessionHash,
        });
      }
      reply.clearCookie(SESSION.cookieName, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  // Signed-in devices (Settings): see them, and sign out of all the others at once.
  app.get(
    '/api/me/sessions',
    { config: { policy: 'signedIn' }, schema: { tags: ['auth'], response: { 200: sessionList } } },
    async (request) => {
      const me = requireUser(request);
      return { sessions: await liveSessions(ctx.db, me.id, me.sessionHash) };
    },
  );

  app.post(
    '/api/auth/logout-others',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['auth'], response: { 200: z.object({ ended: z.number() }) } },
    },
    async (request) => {
      const me = requireUser(request);
      const ended = await revokeOtherSessions(ctx.db, me.id, me.sessionHash);
      // Their live sockets close too, on every instance.
      for (const sessionHash of ended)
        await ctx.bus.publish([me.id], { type: 'session.revoked', sessionHash });
      return { ended: ended.length };
    },
  );

  app.get(
    '/api/me',
    { config: { policy: 'signedIn' }, schema: { tags: ['auth'], response: { 200: meResponse } } },
    async (request) => {
      const user = await findMe(ctx.db, requireUser(request).id);
      if (!user) throw notFound();
      return { user };
    },
  );

  app.put(
    '/api/me/role',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['auth'], body: setRoleBody, response: { 200: meResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      if ((await setRole(ctx.db, me.id, request.body.role)) === 'locked')
        throw conflict('role.locked');
      const user = await findMe(ctx.db, me.id);
      if (!user) throw notFound();
      return { user };
    },
  );

  // The language the app and the server's texts use for this user (decision 026).
  app.put(
    '/api/me/language',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['auth'], body: setLanguageBody, response: { 200: meResponse } },
    },
    async (request) => {
      const me = requireUser(request);
      await setLanguage(ctx.db, me.id, request.body.language);
      const user = await findMe(ctx.db, me.id);
      if (!user) throw notFound();
      return { user };
    },
  );
}
