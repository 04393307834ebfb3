import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation, type MessageKey } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { seekerStepSchemas, type SeekerStep } from '#shared/schemas/onboarding.ts';
import { ONBOARDING_STEPS } from '#shared/limits.ts';
import { errorMessage } from '../../lib/api.ts';
import { meKey } from '../../lib/session.ts';
import { saveSeekerStep, seekerProfileKey } from '../seeker-profile/api.ts';
import { refuse, validate, withoutBlanks, type FieldErrors } from '../../lib/validate.ts';

// Spec section 8: the server's message, or these fallbacks (step 5 uses the college one, as the
// spec says for job preferences).
const FALLBACK: Record<SeekerStep, MessageKey> = {
  1: 'onboarding.saveProfileFailed',
  2: 'onboarding.saveWorkFailed',
  3: 'onboarding.saveCollegeFailed',
  4: 'onboarding.saveEducationFailed',
  5: 'onboarding.saveCollegeFailed',
  6: 'onboarding.saveIntroFailed',
};

/**
 * Validates a step with its shared schema, saves it, and moves on to the step the server chose
 * (after the last step the seeker is onboarded and goes to the job feed).
 */
export function useSaveStep(step: SeekerStep) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(raw: Record<string, unknown>) {
    const values = withoutBlanks(raw);
    const checked = validate(seekerStepSchemas[step], values);
    if (!checked.ok) {
      refuse(setErrors, checked.errors, checked.first);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      // The raw values, not the parsed ones: the server parses them with the same schema.
      const { user, nextStep } = await saveSeekerStep(step, values);
      queryClient.setQueryData(meKey, user);
      await queryClient.invalidateQueries({ queryKey: seekerProfileKey });
      if (user.isOnboarded || step === ONBOARDING_STEPS.user) {
        await navigate('/jobseeker-dashboard', { replace: true });
      } else {
        await navigate(`/onboarding/job-seeker/${nextStep}`);
      }
    } catch (err) {
      toast.error(errorMessage(err, t(FALLBACK[step])));
      setSaving(false);
    }
  }

  return { saving, errors, submit };
}
