import { useTranslation } from '#web/lib/i18n.ts';
import { PREFERRED_JOB_TYPES } from '#shared/picklists.ts';
import { Field } from './ui/field.tsx';
import { PickSelect } from './pick-select.tsx';
import { CityPicker } from './city-picker.tsx';
import type { PreferenceValues } from './preference-values.ts';
import type { FieldErrors } from '../lib/validate.ts';

/** Job type, industry, salary, experience, location and job category: all required. */
export function PreferencesFields({
  values,
  errors,
  onChange,
}: {
  values: PreferenceValues;
  errors: FieldErrors;
  onChange: <K extends keyof PreferenceValues>(key: K, value: PreferenceValues[K]) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('preferences.jobType')} error={errors.jobType}>
        {(p) => (
          <PickSelect
            {...p}
            list="jobType"
            only={PREFERRED_JOB_TYPES}
            value={values.jobType}
            onChange={(e) => onChange('jobType', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('preferences.industry')} error={errors.industry}>
        {(p) => (
          <PickSelect
            {...p}
            list="industry"
            value={values.industry}
            onChange={(e) => onChange('industry', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('preferences.salary')} error={errors.salaryRange}>
        {(p) => (
          <PickSelect
            {...p}
            list="salaryRange"
            value={values.salaryRange}
            onChange={(e) => onChange('salaryRange', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('preferences.experience')} error={errors.experienceRange}>
        {(p) => (
          <PickSelect
            {...p}
            list="experienceRange"
            value={values.experienceRange}
            onChange={(e) => onChange('experienceRange', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('preferences.location')} error={errors.cityId}>
        {(p) => (
          <CityPicker
            id={p.id}
            invalid={p['aria-invalid']}
            describedBy={p['aria-describedby']}
            value={values.city}
            onChange={(city) => onChange('city', city)}
          />
        )}
      </Field>
      <Field label={t('preferences.category')} error={errors.jobCategory}>
        {(p) => (
          <PickSelect
            {...p}
            list="jobCategory"
            value={values.jobCategory}
            onChange={(e) => onChange('jobCategory', e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
