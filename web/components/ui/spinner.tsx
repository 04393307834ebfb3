import { useTranslation } from '#web/lib/i18n.ts';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-500"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        aria-hidden="true"
      />
      <span className="text-sm">{label ?? t('common.loading')}</span>
    </div>
  );
}
