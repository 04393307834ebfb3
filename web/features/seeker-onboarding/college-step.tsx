import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { PickSelect } from '../../components/pick-select.tsx';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useFormValues } from './use-form-values.ts';
import { useSaveStep } from './use-save-step.ts';
import { YearSelect } from './year-select.tsx';

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

  return (
    <StepForm saving={saving} label={t('onboarding.saveNext')} onSubmit={() => submit(v)}>
      <Field label={t('onboarding.collegeName')} error={errors.collegeName}>
        {(p) => (
          <input
            {...p}
            className={inputClass}
            maxLength={150}
            value={v.collegeName}
            onChange={(e) => set('collegeName', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('onboarding.degree')} error={errors.degree}>
        {(p) => (
          <PickSelect
            {...p}
            list="degree"
            value={v.degree}
            onChange={(e) => set('degree', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('onboarding.fieldOfStudy')} error={errors.fieldOfStudy}>
        {(p) => (
          <input
            {...p}
            className={inputClass}
            maxLength={100}
            value={v.fieldOfStudy}
            onChange={(e) => set('fieldOfStudy', e.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('onboarding.startYear')} error={errors.collegeStartYear}>
          {(p) => (
            <YearSelect
              {...p}
              value={v.collegeStartYear}
              onChange={(e) => set('collegeStartYear', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('onboarding.endYear')} error={errors.collegeEndYear}>
          {(p) => (
            <YearSelect
              {...p}
              value={v.collegeEndYear}
              onChange={(e) => set('collegeEndYear', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t('onboarding.cgpa')} error={errors.cgpa}>
        {(p) => (
          <input
            {...p}
            className={inputClass}
            inputMode="decimal"
            maxLength={10}
            value={v.cgpa}
            onChange={(e) => set('cgpa', e.target.value)}
          />
        )}
      </Field>
    </StepForm>
  );
}
