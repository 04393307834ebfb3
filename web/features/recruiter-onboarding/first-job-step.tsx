import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { Me } from '#shared/schemas/auth.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { meKey } from '../../lib/session.ts';
import { jobsKey } from '../jobs/api.ts';
// eslint-disable-next-line no-restricted-imports -- onboarding step 4 is the post-job form itself
import { JobForm } from '../jobs/job-form.tsx';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { recruiterProfileKey } from '../recruiter-profile/api.ts';
import { fetchMe } from './api.ts';

/**
 * Step 4 (final): the first job post; posting it completes onboarding on the server. A post the
 * scam shield holds opens its page, which says why.
 */
export function FirstJobStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function posted(job: JobView) {
    const held = job.moderation.state === 'held';
    if (held) toast.warning(t('moderation.heldPosted'));
    else toast.success(t('jobs.postedOnboarding'));
    // The server has marked the user onboarded: the guard must see that before we move on.
    try {
      queryClient.setQueryData(meKey, await fetchMe());
    } catch {
      queryClient.setQueryData<Me | null>(meKey, (me) =>
        me ? { ...me, isOnboarded: true, onboardingStep: 4 } : me,
      );
    }
    void queryClient.invalidateQueries({ queryKey: recruiterProfileKey });
    void queryClient.invalidateQueries({ queryKey: jobsKey });
    // A held post: its page says why and that a moderator will look at it.
    await navigate(
      held ? `/job-detail/${encodeURIComponent(job.id)}` : '/recruiter-dashboard/Home',
      {
        replace: true,
      },
    );
  }

  return (
    <OnboardingLayout
      step={4}
      total={4}
      title={t('onboarding.firstJobTitle')}
      subtitle={t('onboarding.firstJobSubtitle')}
      backTo="/onboarding/recruiter/3"
    >
      <JobForm onPosted={posted} failedMessage={t('onboarding.completeFailed')} />
    </OnboardingLayout>
  );
}
