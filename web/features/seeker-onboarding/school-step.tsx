import { useTranslation } from '#web/lib/i18n.ts';
import { bindField, TextField } from '../../components/form-fields.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useSaveStep } from './use-save-step.ts';
import { YearField } from './year-select.tsx';

/** Step 4: school name, marks (a number, step 0.1), start and end year. */
export function SchoolStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const { saving, errors, submit } = useSaveStep(4);
  const [v, set] = useFormValues({
    schoolName: asInput(profile?.schoolName),
    schoolMarks: asInput(profile?.schoolMarks),
    schoolStartYear: asInput(profile?.schoolStartYear),
    schoolEndYear: asInput(profile?.schoolEndYear),
  });
  const f = bindField(v, set, errors);

  return (
    <StepForm saving={saving} label={t('onboarding.saveNext')} onSubmit={() => submit(v)}>
      <TextField label={t('onboarding.schoolName')} maxLength={150} {...f('schoolName')} />
      <TextField
        label={t('onboarding.schoolMarks')}
        type="number"
        inputMode="decimal"
        step={0.1}
        min={0}
        max={100}
        {...f('schoolMarks')}
      />
      <div className="grid grid-cols-2 gap-3">
        <YearField label={t('onboarding.startYear')} {...f('schoolStartYear')} />
        <YearField label={t('onboarding.endYear')} {...f('schoolEndYear')} />
      </div>
    </StepForm>
  );
}
