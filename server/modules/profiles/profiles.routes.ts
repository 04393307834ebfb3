import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION } from '#shared/limits.ts';
import { jobPreferences, recruiterSettings } from '#shared/schemas/onboarding.ts';
import {
  deleteAccountBody,
  profileViewsAnswer,
  recruiterProfileView,
  seekerProfilePatch,
  seekerProfileView,
} from '#shared/schemas/profile.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { findSeekerProfile, updateSeekerFields } from './seeker.repo.ts';
import { findRecruiterProfile } from './recruiter.repo.ts';
import { updateRecruiterSettings } from './recruiter-settings.service.ts';
import { deleteAccount, exportAccount } from './account.service.ts';
import { assertOwnImage } from '../files/files.service.ts';
import { listProfileViews, viewCandidate } from './candidate-view.service.ts';
import { dropReplacedImage, heldImage, type ImageColumn } from '../files/replaced-images.ts';

const SEEKER_PHOTO: ImageColumn = { table: 'seeker_profiles', column: 'profile_image' };

const seekerAnswer = z.object({ profile: seekerProfileView });
// Before onboarding step 1 a seeker has no profile yet: that is an answer, not a missing page.
const ownSeekerAnswer = z.object({ profile: seekerProfileView.nullable() });
const recruiterAnswer = z.object({ profile: recruiterProfileView });

export async function profilesRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ownSeeker = async (id: string) => {
    const profile = await findSeekerProfile(ctx.db, id);
    if (!profile) throw notFound('profile.loadFailed');
    return { profile };
  };
  const ownRecruiter = async (id: string) => {
    const profile = await findRecruiterProfile(ctx.db, id);
    if (!profile) throw notFound('profile.loadFailed');
    return { profile };
  };

  app.get(
    '/api/seeker/profile',
    {
      config: { policy: 'seeker' },
      schema: { tags: ['profiles'], response: { 200: ownSeekerAnswer } },
    },
    async (request) => ({
      profile: await findSeekerProfile(ctx.db, requireUser(request).id),
    }),
  );

  app.patch(
    '/api/seeker/profile',
    {
      config: { policy: 'seekerProfile', authMessage: 'profile.notAuthenticated' },
      schema: { tags: ['profiles'], body: seekerProfilePatch, response: { 200: seekerAnswer } },
    },
    async (request) => {
      const me = requireUser(request);
      await assertOwnImage(ctx, me.id, request.body.profileImage, 'avatar', 'upload.imageFailed');
      const photo = request.body.profileImage;
      const before = await ctx.db.tx(async (q) => {
        const held = photo ? await heldImage(q, SEEKER_PHOTO, me.id) : null;
        await updateSeekerFields(q, me.id, request.body);
        return held;
      });
      await dropReplacedImage(ctx, me.id, before, photo);
      ctx.matching.nudge(); // recommended candidates: rescore this seeker
      return ownSeeker(me.id);
    },
  );

  app.put(
    '/api/seeker/preferences',
    {
      config: { policy: 'seekerProfile', authMessage: 'onboarding.mustLogin' },
      schema: { tags: ['profiles'], body: jobPreferences, response: { 200: seekerAnswer } },
    },
    async (request) => {
      const me = requireUser(request);
      await updateSeekerFields(ctx.db, me.id, request.body);
      ctx.matching.nudge(); // recommended candidates: rescore this seeker
      return ownSeeker(me.id);
    },
  );

  // A candidate's profile: the seeker themself, or a recruiter who finished onboarding (contact
  // data by consent, counted against the recruiter's daily limit).
  app.get(
    '/api/candidates/:id',
    {
      config: { policy: 'candidate.view' },
      schema: {
        tags: ['profiles'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: seekerAnswer },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (me.id === request.params.id) return ownSeeker(me.id);
      return { profile: await viewCandidate(ctx, me, request.params.id, request.ip) };
    },
  );

  app.get(
    '/api/me/profile-views',
    {
      config: { policy: 'seeker' },
      schema: { tags: ['profiles'], response: { 200: profileViewsAnswer } },
    },
    async (request) => ({ views: await listProfileViews(ctx, requireUser(request).id) }),
  );

  app.get(
    '/api/recruiter/profile',
    {
      config: { policy: 'recruiter' },
      schema: { tags: ['profiles'], response: { 200: recruiterAnswer } },
    },
    async (request) => ownRecruiter(requireUser(request).id),
  );

  app.put(
    '/api/recruiter/settings',
    {
      config: { policy: 'recruiter', authMessage: 'profile.notAuthenticated' },
      schema: { tags: ['profiles'], body: recruiterSettings, response: { 200: recruiterAnswer } },
    },
    async (request) => {
      const me = requireUser(request);
      await updateRecruiterSettings(ctx, me.id, request.body);
      return ownRecruiter(me.id);
    },
  );

  app.get(
    '/api/me/export',
    { config: { policy: 'signedIn' }, schema: { tags: ['account'] } },
    async (request, reply) => {
      const me = requireUser(request);
      const data = await exportAccount(ctx, me.id);
      return reply
        .header('content-disposition', 'attachment; filename="nearhire-my-data.json"')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.delete(
    '/api/me',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['account'], body: deleteAccountBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await deleteAccount(ctx, me.id);
      reply.clearCookie(SESSION.cookieName, { path: '/' });
      return reply.code(204).send(null);
    },
  );
}
