import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { Logo } from '../logo.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { useMe } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { dashboardOf } from '../../lib/where-next.ts';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700';

/** Browse Jobs, Companies, Post a Job (recruiters only), About; Dashboard/Logout or Login/Register. */
export function PublicHeader() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const signOut = useSignOut();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <nav aria-label={t('header.menu')} className="flex flex-wrap items-center gap-1">
          <Link to="/jobs" className={linkClass}>
            {t('header.browseJobs')}
          </Link>
          <Link to="/companies" className={linkClass}>
            {t('header.companies')}
          </Link>
          {me?.role === 'recruiter' && (
            <Link to="/post-job" className={linkClass}>
              {t('header.postJob')}
            </Link>
          )}
          <Link to="/about" className={linkClass}>
            {t('header.about')}
          </Link>
          {me ? (
            <>
              <Link to={dashboardOf(me.role)} className={linkClass}>
                {t('header.dashboard')}
              </Link>
              <button type="button" onClick={() => void signOut()} className={linkClass}>
                {t('header.logout')}
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className={linkClass}>
                {t('header.login')}
              </Link>
              <Link
                to="/register"
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {t('header.register')}
              </Link>
            </>
          )}
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
