import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The check badge shown next to a verified company's name. */
export function VerifiedMark({ size = 18 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('settings.verified')}
      title={t('settings.verified')}
      className="inline-flex shrink-0 text-brand-600"
    >
      <BadgeCheck size={size} aria-hidden="true" />
    </span>
  );
}
