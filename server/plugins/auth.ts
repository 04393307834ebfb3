import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION } from '#shared/limits.ts';
import type { MessageKey } from '#shared/i18n/keys.ts';
import type { Ctx } from '../context.ts';
import { findSession, type SessionUser } from '../modules/auth/sessions.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import { checkGate, isPolicyName, type PolicyName } from '../policies/policies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route (server/policies/policies.ts). 'public' routes need no session;
     * every other policy needs one, and a route that names none fails closed (signed in only)
     * and fails the route-list test.
     */
    policy?: PolicyName;
    /** Catalogue key of the 401 message for this route (e.g. 'jobs.mustLogin'). */
    authMessage?: MessageKey;
  }
}

export function readToken(request: FastifyRequest): string | null {
  const cookie = request.cookies[SESSION.cookieName];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return null;
}

export function registerAuth(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    checkOrigin(request, ctx);
    const token = readToken(request);
    request.user = token ? await findSession(ctx.db, token) : null;
    // A tab says whom it shows (SESSION.userHeader). The browser's one cookie may have become
    // another person's since (signed in in another tab of a shared phone): nothing is done for
    // them on that tab's behalf, public routes included (its "Sign out" must not end theirs).
    const believed = request.headers[SESSION.userHeader];
    if (typeof believed === 'string' && request.user && request.user.id !== believed)
      throw unauthorized('session.switched');
    // Decided on the matched route's pattern, not the raw URL (a percent-encoded path still
    // matches its route). Unmatched URLs fall through to the 404 handler; the web app's static
    // files are not API routes.
    const isApiRoute = request.routeOptions.url?.startsWith('/api/') ?? false;
    const policy = request.routeOptions.config.policy;
    if (!isApiRoute || policy === 'public') return;
    if (!request.user) {
      throw unauthorized(
        token
          ? 'session.expired'
          : (request.routeOptions.config.authMessage ?? 'session.mustLogin'),
      );
    }
    if (isPolicyName(policy)) checkGate(request.user, policy);
  });
}

// SameSite=Lax already keeps our cookie off cross-site POSTs; refusing foreign Origins on
// state-changing requests closes the rest (and the WebSocket handshake uses the same rule).
function checkOrigin(request: FastifyRequest, ctx: Ctx): void {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const origin = request.headers.origin;
  if (!origin || isAllowedOrigin(origin, request, ctx)) return;
  throw new AppError(403, 'errors.badOrigin');
}

export function isAllowedOrigin(origin: string, request: FastifyRequest, ctx: Ctx): boolean {
  if (ctx.config.allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The signed-in user of a route whose policy's gate already ran (every non-public route). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
