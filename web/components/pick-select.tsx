import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickOptions, type PickListName } from '#shared/picklists.ts';
import { inputClass } from './ui/field.tsx';

/** A native select over one of the shared pick-lists: codes as values, catalogue labels shown. */
export function PickSelect({
  list,
  only,
  placeholder,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  list: PickListName;
  only?: readonly string[];
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const options = pickOptions(list).filter((o) => !only || only.includes(o.value));
  return (
    <select className={inputClass} {...props}>
      <option value="">{placeholder ?? t('onboarding.choose')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
