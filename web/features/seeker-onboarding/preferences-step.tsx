import { useTranslation } from '#web/lib/i18n.ts';
import { PreferencesFields } from '../../components/preferences-fields.tsx';
import { preferencesBody, preferenceValuesFrom } from '../../components/preference-values.ts';
import { StepForm } from './step-form.tsx';
import type { StepProps } from './step-props.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { useSaveStep } from './use-save-step.ts';

/** Step 5: job preferences (the same fields as /update_job_preferences). */
export function PreferencesStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const { saving, errors, submit } = useSaveStep(5);
  const [v, set] = useFormValues(() => preferenceValuesFrom(profile));
  return (
    <StepForm
      saving={saving}
      label={t('onboarding.saveNext')}
      onSubmit={() => submit(preferencesBody(v))}
    >
      <PreferencesFields values={v} errors={errors} onChange={set} />
    </StepForm>
  );
}
