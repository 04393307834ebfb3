import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { authorize } from '../../policies/policies.ts';
import { takeTokens } from '../../lib/rate-limit.ts';
import { uploadBuckets } from '../../policies/limits.ts';
import {
  listResumeDownloads,
  openResume,
  readPublicFile,
  resumeLink,
  storeImage,
  storeResume,
} from './files.service.ts';
import { MULTIPART_LIMITS, UPLOAD_LIMITS, readOneFile } from './upload.ts';

const uploaded = z.object({ key: z.string(), url: z.string() });
const resumeSaved = z.object({ resume: z.object({ uploadedAt: z.string() }) });
const link = z.object({ url: z.string(), expiresAt: z.string() });
const downloads = z.object({
  downloads: z.array(
    z.object({
      recruiterName: z.string().nullable(),
      companyName: z.string().nullable(),
      isVerified: z.boolean(),
      verifiedDomain: z.string().nullable(),
      downloadedAt: z.string(),
    }),
  ),
});

// Profile pictures may be cached by browsers for an hour (spec: profile picture cache 3600 s).
const MEDIA_CACHE = 'public, max-age=3600';

/** Uploads (images, resumes), public media, and signed resume links with their download log. */
export async function filesRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  // Own scope: the multipart parser is only installed for these routes, not the whole API.
  await fastify.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/uploads/image',
      {
        config: { policy: 'signedIn' },
        schema: {
          tags: ['files'],
          querystring: z.object({ purpose: z.enum(['avatar', 'logo']) }),
          response: { 201: uploaded },
        },
      },
      async (request, reply) => {
        const { purpose } = request.query;
        const user = requireUser(request);
        // Logos belong to companies: only recruiters have one.
        if (purpose === 'logo') authorize(user, 'recruiter');
        await takeTokens(ctx.db, uploadBuckets(user.id, request.ip));
        const bytes = await readOneFile(request, UPLOAD_LIMITS.imageBytes, 'upload.imageTooLarge');
        return reply.code(201).send(await storeImage(ctx, user.id, purpose, bytes));
      },
    );

    app.get(
      '/media/*',
      {
        config: { policy: 'public' },
        schema: { tags: ['files'], params: z.object({ '*': z.string().max(300) }) },
      },
      async (request, reply) => {
        const file = await readPublicFile(ctx, request.params['*']);
        return reply
          .header('cache-control', MEDIA_CACHE)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .type(file.contentType)
          .send(file.body);
      },
    );

    // A resume is part of the profile, uploaded on screens that open once onboarding is done (the
    // profile, a chat): before that it would make a profile row ahead of step 1 (decision 028).
    // The gate runs before the body is read, so nothing is stored.
    app.post(
      '/api/me/resume',
      {
        config: { policy: 'seekerProfile' },
        schema: { tags: ['files'], response: { 200: resumeSaved } },
      },
      async (request) => {
        const user = requireUser(request);
        await takeTokens(ctx.db, uploadBuckets(user.id, request.ip));
        const bytes = await readOneFile(
          request,
          UPLOAD_LIMITS.resumeBytes,
          'upload.resumeTooLarge',
        );
        return { resume: await storeResume(ctx, user.id, bytes) };
      },
    );

    app.get(
      '/api/seekers/:userId/resume-link',
      {
        config: { policy: 'candidate.contact' },
        schema: {
          tags: ['files'],
          params: z.object({ userId: z.string().max(64) }),
          response: { 200: link },
        },
      },
      async (request) => resumeLink(ctx, requireUser(request), request.params.userId, request.ip),
    );

    app.get(
      '/api/files/resume',
      {
        // The signed token is the credential: the link works in a new tab or a download manager.
        config: { policy: 'public' },
        schema: {
          tags: ['files'],
          querystring: z.object({ token: z.string().min(1).max(2048) }),
        },
      },
      async (request, reply) => {
        const file = await openResume(ctx, request.query.token);
        return reply
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .type('application/pdf')
          .send(file.body);
      },
    );

    app.get(
      '/api/me/resume-downloads',
      { config: { policy: 'seeker' }, schema: { tags: ['files'], response: { 200: downloads } } },
      async (request) => {
        const user = requireUser(request);
        return { downloads: await listResumeDownloads(ctx, user.id) };
      },
    );
  });
}
