import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useMe } from '../../lib/session.ts';
import { LoginForm } from './login-form.tsx';
import { homeFor, returnPath } from '../../lib/where-next.ts';

/**
 * /login and /register: one flow (the first verified code creates the account). Two-part layout:
 * brand panel and form side by side from medium screens, the form alone with a logo below that.
 */
export function LoginPage({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation();
  const location = useLocation();
  // A visitor sees the screen at once (no round trip first); a signed-in person is sent on as
  // soon as the kept or fetched answer says so (web/lib/session.ts).
  const { data: me } = useMe();
  if (me) return <Navigate to={returnPath(location.state, me) ?? homeFor(me)} replace />;

  const title = mode === 'login' ? t('login.title') : t('login.registerTitle');
  const subtitle = mode === 'login' ? t('login.subtitle') : t('login.registerSubtitle');
  return (
    <div className="flex min-h-dvh">
      <aside className="hidden flex-col justify-between bg-brand-700 p-10 text-white md:flex md:w-1/2">
        <Logo className="[&>span:last-child]:text-white" />
        <div>
          <p className="text-3xl font-bold">{t('landing.headline')}</p>
          <p className="mt-3 text-brand-100">{t('brand.line')}</p>
        </div>
      </aside>
      <main className="flex w-full flex-col justify-center px-6 py-10 md:w-1/2 md:px-16">
        {/* The language switch, for someone who lands here first (decision 026). */}
        <LanguageSwitch className="mb-6 self-end" />
        <Logo className="mb-8 md:hidden" />
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mb-6 mt-1 text-slate-600">{subtitle}</p>
        <LoginForm />
        <p className="mt-6 text-sm text-slate-600">
          {mode === 'login' ? (
            <>
              {t('login.newHere')}{' '}
              <Link
                to="/register"
                state={location.state}
                className="font-semibold text-brand-700 underline"
              >
                {t('login.createAccount')}
              </Link>
            </>
          ) : (
            <Link
              to="/login"
              state={location.state}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              {t('login.haveAccount')}
            </Link>
          )}
        </p>
      </main>
    </div>
  );
}
