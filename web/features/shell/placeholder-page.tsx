import { useTranslation } from 'react-i18next';
import { AppScreen } from './app-screen.tsx';

/** A screen a later issue fills in; it says so instead of pretending. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <AppScreen title={title}>
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{t('common.comingSoon')}</p>
    </AppScreen>
  );
}
