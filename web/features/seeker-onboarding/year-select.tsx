import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { yearOptions } from '#shared/picklists.ts';
import { inputClass } from '../../components/ui/field.tsx';

/** A year pick-list (spec: from the current year + 5 downward). */
export function YearSelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useTranslation();
  return (
    <select className={inputClass} {...props}>
      <option value="">{t('onboarding.choose')}</option>
      {yearOptions().map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </select>
  );
}
