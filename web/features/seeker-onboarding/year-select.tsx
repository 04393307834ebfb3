import { useTranslation } from '#web/lib/i18n.ts';
import { yearOptions } from '#shared/picklists.ts';
import type { Bound } from '../../components/form-fields.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';

/** A year pick-list (spec: from the current year + 5 downward). */
export function YearField({
  label,
  value,
  onChange,
  error,
  disabled,
}: Bound<string> & { label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Field label={label} error={error}>
      {(p) => (
        <select
          {...p}
          className={inputClass}
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('onboarding.choose')}</option>
          {yearOptions().map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
