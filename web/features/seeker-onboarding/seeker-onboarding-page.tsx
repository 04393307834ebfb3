import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { useTranslation, type MessageKey } from '#web/lib/i18n.ts';
import { ONBOARDING_STEPS } from '#shared/limits.ts';
import type { SeekerStep } from '#shared/schemas/onboarding.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { useSeekerProfile } from '../seeker-profile/api.ts';
import { BasicStep } from './basic-step.tsx';
import { CollegeStep } from './college-step.tsx';
import { IntroStep } from './intro-step.tsx';
import { PreferencesStep } from './preferences-step.tsx';
import { previousSeekerStep } from './previous-step.ts';
import { SchoolStep } from './school-step.tsx';
import type { StepProps } from './step-props.ts';
import { WorkStep } from './work-step.tsx';

// Step numbers are fixed by the server (shared/schemas/onboarding.ts).
const STEPS: Record<
  SeekerStep,
  { Form: ComponentType<StepProps>; title: MessageKey; sub: MessageKey }
> = {
  1: {
    Form: BasicStep,
    title: 'onboarding.seekerBasicTitle',
    sub: 'onboarding.seekerBasicSubtitle',
  },
  2: { Form: WorkStep, title: 'onboarding.workTitle', sub: 'onboarding.workSubtitle' },
  3: { Form: CollegeStep, title: 'onboarding.collegeTitle', sub: 'onboarding.collegeSubtitle' },
  4: { Form: SchoolStep, title: 'onboarding.schoolTitle', sub: 'onboarding.schoolSubtitle' },
  5: {
    Form: PreferencesStep,
    title: 'onboarding.preferencesTitle',
    sub: 'onboarding.preferencesSubtitle',
  },
  6: { Form: IntroStep, title: 'onboarding.introTitle', sub: 'onboarding.introSubtitle' },
};

/**
 * /onboarding/job-seeker/:step (the guard has already checked the step is one the seeker has
 * reached). Each step is pre-filled from the saved profile, so going back shows saved values.
 */
export function SeekerOnboardingPage() {
  const { t } = useTranslation();
  const step = Number(useParams().step) as SeekerStep;
  const { data: profile, isPending, isError } = useSeekerProfile();
  const current = STEPS[step];
  if (!current) return null;
  const { Form } = current;
  const previous = previousSeekerStep(step, {
    workExperience: profile?.workExperience ?? null,
    educationLevel: profile?.educationLevel ?? null,
  });

  return (
    <OnboardingLayout
      step={step}
      total={ONBOARDING_STEPS.user}
      title={t(current.title)}
      subtitle={t(current.sub)}
      backTo={previous ? `/onboarding/job-seeker/${previous}` : undefined}
    >
      {isPending ? (
        <CardListSkeleton />
      ) : isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-700">
          {t('profile.loadFailed')}
        </p>
      ) : (
        <Form key={step} profile={profile} />
      )}
    </OnboardingLayout>
  );
}
