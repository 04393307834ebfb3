import { useTranslation } from '#web/lib/i18n.ts';
import { bindField, PickField, TextField } from '../../components/form-fields.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useSaveStep } from './use-save-step.ts';
import { YearField } from './year-select.tsx';

/** Step 3: college name, degree, field of study, start and end year, CGPA (free text). */
export function CollegeStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const { saving, errors, submit } = useSaveStep(3);
  const [v, set] = useFormValues({
    collegeName: asInput(profile?.collegeName),
    degree: asInput(profile?.degree),
    fieldOfStudy: asInput(profile?.fieldOfStudy),
    collegeStartYear: asInput(profile?.collegeStartYear),
    collegeEndYear: asInput(profile?.collegeEndYear),
    cgpa: asInput(profile?.cgpa),
  });
  const f = bindField(v, set, errors);

  return (
    <StepForm saving={saving} label={t('onboarding.saveNext')} onSubmit={() => submit(v)}>
      <TextField label={t('onboarding.collegeName')} maxLength={150} {...f('collegeName')} />
      <PickField label={t('onboarding.degree')} list="degree" {...f('degree')} />
      <TextField label={t('onboarding.fieldOfStudy')} maxLength={100} {...f('fieldOfStudy')} />
      <div className="grid grid-cols-2 gap-3">
        <YearField label={t('onboarding.startYear')} {...f('collegeStartYear')} />
        <YearField label={t('onboarding.endYear')} {...f('collegeEndYear')} />
      </div>
      <TextField label={t('onboarding.cgpa')} inputMode="decimal" maxLength={10} {...f('cgpa')} />
    </StepForm>
  );
}
