import { useTranslation } from '#web/lib/i18n.ts';

/** The error state of the profile screens. */
export function LoadFailed({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-700">
      {message ?? t('profile.loadFailed')}
    </p>
  );
}
