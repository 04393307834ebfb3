import { useTranslation } from '#web/lib/i18n.ts';
import { bindField } from '../../components/form-fields.tsx';
import { IntroductionField, LanguagesField } from '../../components/seeker-fields.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';
import { StepForm } from './step-form.tsx';
import type { StepProps } from './step-props.ts';
import { useSaveStep } from './use-save-step.ts';

/** Step 6 (final): introduction with a live counter (at most 500 characters) and languages. */
export function IntroStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const { saving, errors, submit } = useSaveStep(6);
  const [v, set] = useFormValues({
    introduction: profile?.introduction ?? '',
    languages: profile?.languages ?? [],
  });
  const f = bindField(v, set, errors);

  return (
    <StepForm saving={saving} label={t('onboarding.saveContinue')} onSubmit={() => submit(v)}>
      <IntroductionField
        rows={7}
        placeholder={t('onboarding.introPlaceholder')}
        {...f('introduction')}
      />
      <LanguagesField {...f('languages')} />
    </StepForm>
  );
}
