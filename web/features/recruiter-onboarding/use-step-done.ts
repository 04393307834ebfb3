import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { onboardingPath } from '#shared/routes.ts';
import { meKey } from '../../lib/session.ts';
import { fetchRecruiterProfile, recruiterProfileKey } from '../recruiter-profile/api.ts';
import type { StepAnswer } from './api.ts';

/**
 * After a step is saved: keep the user the server answered with (the guard reads its step) and
 * reload the profile (the next step starts from it), then go to the step the server named.
 */
export function useStepDone() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remember = useCallback(
    async (answer: StepAnswer) => {
      queryClient.setQueryData(meKey, answer.user);
      await queryClient
        .fetchQuery({
          queryKey: recruiterProfileKey,
          queryFn: ({ signal }) => fetchRecruiterProfile(signal),
          staleTime: 0,
        })
        // The step is saved either way; the next one loads the profile itself if need be.
        .catch(() => queryClient.invalidateQueries({ queryKey: recruiterProfileKey }));
    },
    [queryClient],
  );
  const go = useCallback((step: number) => navigate(onboardingPath('recruiter', step)), [navigate]);
  const done = useCallback(
    async (answer: StepAnswer) => {
      await remember(answer);
      await go(answer.nextStep);
    },
    [remember, go],
  );
  return { remember, go, done };
}
