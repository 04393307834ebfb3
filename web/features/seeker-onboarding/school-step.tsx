import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useFormValues } from './use-form-values.ts';
import { useSaveStep } from './use-save-step.ts';
import { YearSelect } from './year-select.tsx';

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

  return (
    <StepForm saving={saving} label={t('onboarding.saveNext')} onSubmit={() => submit(v)}>
      <Field label={t('onboarding.schoolName')} error={errors.schoolName}>
        {(p) => (
          <input
            {...p}
            className={inputClass}
            maxLength={150}
            value={v.schoolName}
            onChange={(e) => set('schoolName', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('onboarding.schoolMarks')} error={errors.schoolMarks}>
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            max={100}
            className={inputClass}
            value={v.schoolMarks}
            onChange={(e) => set('schoolMarks', e.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('onboarding.startYear')} error={errors.schoolStartYear}>
          {(p) => (
            <YearSelect
              {...p}
              value={v.schoolStartYear}
              onChange={(e) => set('schoolStartYear', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('onboarding.endYear')} error={errors.schoolEndYear}>
          {(p) => (
            <YearSelect
              {...p}
              value={v.schoolEndYear}
              onChange={(e) => set('schoolEndYear', e.target.value)}
            />
          )}
        </Field>
      </div>
    </StepForm>
  );
}
