import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { useMe } from '../../lib/session.ts';
import { LoginForm } from './login-form.tsx';
import { homeFor, returnPath } from '../../lib/where-next.ts';
import { PublicHeader } from '../../components/layout/public-header.tsx';

/** Landing for visitors, and the login screen (guards send signed-out users here). */
export function LandingPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // A visitor sees the screen at once (no round trip first); a signed-in person is sent on as
  // soon as the kept or fetched answer says so (web/lib/session.ts).
  const { data: me } = useMe();
  if (me) return <Navigate to={returnPath(location.state, me) ?? homeFor(me)} replace />;

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-white">
      <PublicHeader />
      <main className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-2 md:items-center">
        <section>
          <p className="mb-3 inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
            {t('brand.line')}
          </p>
          <h1 className="mb-4 text-4xl font-extrabold leading-tight md:text-5xl">
            {t('landing.headline')}
          </h1>
          <p className="mb-6 text-lg text-slate-600">{t('brand.tagline')}</p>
          <Link
            to="/login"
            state={location.state}
            className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {t('landing.cta')}
          </Link>
          <div
            role="group"
            aria-label={t('landing.cardLabel')}
            className="mt-8 flex items-start gap-3 rounded-2xl bg-white p-4 shadow-sm"
          >
            <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
              <MessageCircle size={20} aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-semibold">{t('landing.cardTitle')}</h2>
              <p className="text-sm text-slate-600">{t('landing.cardText')}</p>
            </div>
          </div>
        </section>
        <section className="flex flex-col gap-6">
          <HeroImage />
          <div className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 className="mb-4 text-lg font-semibold">{t('login.subtitle')}</h2>
            <LoginForm />
          </div>
        </section>
      </main>
    </div>
  );
}

function HeroImage() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // Prerendered, the image may have failed before the app took the page over, when no onError
  // listened yet: look once it has.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div
        className="grid aspect-[4/3] place-items-center rounded-3xl bg-slate-100 text-sm text-slate-500"
        role="img"
        aria-label={t('landing.heroAlt')}
      >
        {t('landing.imageUnavailable')}
      </div>
    );
  }
  return (
    <img
      src="/hero.svg"
      alt={t('landing.heroAlt')}
      width={480}
      height={360}
      className="aspect-[4/3] w-full rounded-3xl object-cover"
      ref={image}
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
