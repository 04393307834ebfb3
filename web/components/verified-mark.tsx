import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * The verified mark: it names the company domain the verification proved ("Verified ·
 * zenith.in"), so a look-alike company name cannot borrow the trust of the real one. Plain text
 * (the icon is decoration), so screen readers read exactly what sighted people see. Never cut
 * short: the domain is the point, so where space is tight the company name gives way instead.
 */
export function VerifiedMark({ domain, size = 14 }: { domain: string | null; size?: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex max-w-full shrink-0 items-center gap-0.5 text-xs font-semibold text-brand-700">
      <BadgeCheck size={size} aria-hidden="true" className="shrink-0" />
      <span className="break-words">
        {domain ? t('trust.verifiedDomain', { domain }) : t('trust.verified')}
      </span>
    </span>
  );
}
