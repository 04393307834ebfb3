import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';

const linkClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center hover:text-brand-700 hover:underline';

/** The small footer of full pages: brand line and the public links. */
export function PageFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-3xl flex-col gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-semibold text-slate-700">{t('brand.name')}</span> ·{' '}
          {t('brand.line')}
        </p>
        <nav aria-label={t('header.menu')} className="flex flex-wrap gap-4">
          <Link to="/jobs" className={linkClass}>
            {t('header.browseJobs')}
          </Link>
          <Link to="/companies" className={linkClass}>
            {t('header.companies')}
          </Link>
          <Link to="/about" className={linkClass}>
            {t('header.about')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
