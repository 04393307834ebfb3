import type { z } from 'zod';
import type { Me } from '#shared/schemas/auth.ts';
import type {
  recruiterCompanyStep,
  recruiterProfileStep,
  verificationSend,
} from '#shared/schemas/onboarding.ts';
import { api } from '../../lib/api.ts';

/** Every step answers with the updated user and the step to go to. */
export interface StepAnswer {
  user: Me;
  nextStep: number;
}

export const saveProfileStep = (body: z.output<typeof recruiterProfileStep>) =>
  api<StepAnswer>('/api/onboarding/recruiter/1', { method: 'PUT', body });

export const saveCompanyStep = (body: z.output<typeof recruiterCompanyStep>) =>
  api<StepAnswer>('/api/onboarding/recruiter/2', { method: 'PUT', body });

export const skipVerification = () =>
  api<StepAnswer>('/api/onboarding/recruiter/skip-verification', { method: 'POST' });

type Company = z.output<typeof verificationSend>;

/** Sends a 6-digit code to the office e-mail (the server checks the domain again). */
export const sendCompanyCode = (body: Company) =>
  api<void>('/api/company/verification/send', { method: 'POST', body });

export const verifyCompanyCode = (body: Company & { code: string }) =>
  api<StepAnswer>('/api/company/verification/verify', { method: 'POST', body });

export const fetchMe = () => api<{ user: Me }>('/api/me').then((r) => r.user);
