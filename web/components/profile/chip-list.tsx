import { useTranslation } from '#web/lib/i18n.ts';

/** Skills or languages as read-only chips ('Not added yet' when empty). */
export function ChipList({ items }: { items: string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-sm text-slate-500">{t('profile.notSet')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
          {item}
        </li>
      ))}
    </ul>
  );
}
