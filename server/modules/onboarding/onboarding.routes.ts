import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema } from '#shared/schemas/auth.ts';
import {
  recruiterCompanyStep,
  recruiterProfileStep,
  verificationSend,
  verificationVerify,
} from '#shared/schemas/onboarding.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { findMe } from '../users/users.repo.ts';
import { saveSeekerOnboardingStep } from './onboarding.service.ts';
import {
  saveRecruiterCompanyStep,
  saveRecruiterProfileStep,
  sendCompanyCode,
  skipVerification,
  verifyCompanyCode,
} from './recruiter.service.ts';

const stepResult = z.object({ user: meSchema, nextStep: z.number().int() });

export async function onboardingRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const answer = async (userId: string, nextStep: number) => {
    const user = await findMe(ctx.db, userId);
    if (!user) throw notFound();
    return { user, nextStep };
  };

  app.put(
    '/api/onboarding/seeker/:step',
    {
      config: { policy: 'seeker', authMessage: 'onboarding.mustLogin' },
      schema: {
        tags: ['onboarding'],
        params: z.object({ step: z.coerce.number().int().min(1).max(6) }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: stepResult },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const next = await saveSeekerOnboardingStep(ctx, me.id, request.params.step, request.body);
      ctx.matching.nudge(); // recommended candidates: (re)score this seeker
      return answer(me.id, next);
    },
  );

  app.put(
    '/api/onboarding/recruiter/1',
    {
      config: { policy: 'recruiter', authMessage: 'onboarding.notAuthenticated' },
      schema: { tags: ['onboarding'], body: recruiterProfileStep, response: { 200: stepResult } },
    },
    async (request) => {
      const me = requireUser(request);
      return answer(me.id, await saveRecruiterProfileStep(ctx, me.id, request.body));
    },
  );

  app.put(
    '/api/onboarding/recruiter/2',
    {
      config: { policy: 'recruiter', authMessage: 'onboarding.notAuthenticated' },
      schema: { tags: ['onboarding'], body: recruiterCompanyStep, response: { 200: stepResult } },
    },
    async (request) => {
      const me = requireUser(request);
      return answer(me.id, await saveRecruiterCompanyStep(ctx, me.id, request.body));
    },
  );

  app.post(
    '/api/onboarding/recruiter/skip-verification',
    {
      config: { policy: 'recruiter' },
      schema: { tags: ['onboarding'], response: { 200: stepResult } },
    },
    async (request) => {
      const me = requireUser(request);
      return answer(me.id, await skipVerification(ctx, me.id));
    },
  );

  app.post(
    '/api/company/verification/send',
    {
      config: { policy: 'recruiter' },
      schema: { tags: ['company'], body: verificationSend, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await sendCompanyCode(ctx, me.id, request.ip, request.body, requestLanguage(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/company/verification/verify',
    {
      config: { policy: 'recruiter' },
      schema: {
        tags: ['company'],
        body: z.intersection(verificationSend, verificationVerify),
        response: { 200: stepResult },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await verifyCompanyCode(ctx, me.id, request.ip, request.body);
      return answer(me.id, 4);
    },
  );
}
