import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INTRODUCTION_MAX } from '#shared/limits.ts';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { ChipInput } from '../../components/chip-input.tsx';
import { InlineError } from './inline-error.tsx';
import { StepForm } from './step-form.tsx';
import type { StepProps } from './step-props.ts';
import { useFormValues } from './use-form-values.ts';
import { useSaveStep } from './use-save-step.ts';

/** Step 6 (final): introduction with a live counter (at most 500 characters) and languages. */
export function IntroStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const counterId = useId();
  const { saving, errors, submit } = useSaveStep(6);
  const [v, set] = useFormValues({
    introduction: profile?.introduction ?? '',
    languages: profile?.languages ?? [],
  });

  return (
    <StepForm saving={saving} label={t('onboarding.saveContinue')} onSubmit={() => submit(v)}>
      <div className="flex flex-col gap-1">
        <Field label={t('onboarding.introLabel')} error={errors.introduction}>
          {(p) => (
            <textarea
              {...p}
              aria-describedby={[p['aria-describedby'], counterId].filter(Boolean).join(' ')}
              rows={7}
              maxLength={INTRODUCTION_MAX}
              placeholder={t('onboarding.introPlaceholder')}
              className={`${inputClass} py-2`}
              value={v.introduction}
              onChange={(e) => set('introduction', e.target.value)}
            />
          )}
        </Field>
        <p id={counterId} className="self-end text-xs text-slate-500" aria-live="polite">
          {t('onboarding.charCount', { count: v.introduction.length, max: INTRODUCTION_MAX })}
        </p>
      </div>
      <Field label={t('onboarding.languages')}>
        {(p) => (
          <ChipInput
            id={p.id}
            values={v.languages}
            onChange={(languages) => set('languages', languages)}
            max={10}
            placeholder={t('onboarding.languagePlaceholder')}
            addLabel={t('onboarding.addLanguage')}
            removeLabel={(language) => t('onboarding.removeLanguage', { language })}
          />
        )}
      </Field>
      <InlineError message={errors.languages} />
    </StepForm>
  );
}
