import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { PageHead } from './page-head.tsx';
import { PublicLayout } from './public-layout.tsx';

/**
 * A public address with nothing behind it (an unknown listing or job): says so, is kept out of
 * search engines, and offers every job instead.
 */
export function PublicNotFound({
  title,
  text,
  path,
}: {
  title: string;
  text: string;
  path: string;
}) {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <PageHead
        title={t('public.list.metaTitle', { title })}
        description={text}
        path={path}
        noIndex
      />
      <h1 className="mb-3 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-slate-700">{text}</p>
      <Link
        to="/jobs"
        className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        {t('public.browseAll')}
      </Link>
    </PublicLayout>
  );
}
