import { Link } from 'react-router';
import { useTranslation, type MessageKey } from '#web/lib/i18n.ts';
import type { PublicInfoPage } from '#shared/public-paths.ts';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-1 text-sm text-slate-300 hover:text-white focus-visible:text-white';

type FooterLink = 'jobs' | PublicInfoPage;
const COLUMNS: { heading: MessageKey; links: FooterLink[] }[] = [
  {
    heading: 'public.footer.seekers',
    links: ['jobs', 'companies', 'salary-guide', 'career-resources'],
  },
  {
    heading: 'public.footer.employers',
    links: ['pricing', 'recruiting-solutions', 'employer-resources'],
  },
  { heading: 'public.footer.company', links: ['about', 'contact', 'privacy', 'terms'] },
];

/**
 * The public footer (spec section 2): every public page — jobs, companies, about, career
 * resources, salary guide, pricing, recruiting solutions, employer resources, contact, privacy
 * and terms — in three columns that stack on small screens.
 */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <nav
        aria-label={t('public.footer.label')}
        className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3"
      >
        {COLUMNS.map((column) => (
          <div key={column.heading}>
            <p className="mb-1 text-sm font-semibold text-white">{t(column.heading)}</p>
            <ul>
              {column.links.map((link) => (
                <li key={link}>
                  <Link to={`/${link}`} className={linkClass}>
                    {t(`public.links.${link}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-slate-400">
        {t('public.footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
