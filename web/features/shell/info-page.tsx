import { useTranslation } from '#web/lib/i18n.ts';
import { PublicHeader } from '../../components/layout/public-header.tsx';

/** Public pages linked from the header (About, Companies): short, honest text. */
export function InfoPage({ page }: { page: 'about' | 'companies' }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader />
      <main className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-3xl font-bold">{t(`info.${page}Title`)}</h1>
        <p className="text-lg text-slate-700">{t(`info.${page}Text`)}</p>
      </main>
    </div>
  );
}
