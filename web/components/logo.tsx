import { BriefcaseBusiness } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';

/** Briefcase icon and brand text, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={`inline-flex min-h-11 items-center gap-2 font-bold text-brand-700 ${className}`}
    >
      <span className="grid h-9 w-9 place-items-center rounded-xl bg-brand-700 text-white">
        <BriefcaseBusiness size={20} aria-hidden="true" />
      </span>
      <span className="text-lg">{t('brand.name')}</span>
    </Link>
  );
}
