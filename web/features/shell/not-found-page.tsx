import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="text-center">
        <h1 className="mb-4 text-5xl font-bold text-brand-700">{t('notFound.heading')}</h1>
        <p className="mb-6 text-xl text-slate-600">{t('notFound.text')}</p>
        <Link to="/" className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t('notFound.back')}
        </Link>
      </div>
    </main>
  );
}
