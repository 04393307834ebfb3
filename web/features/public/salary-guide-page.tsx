import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { SalaryRow } from '#shared/schemas/public.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { appLocale, formatDateTime } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/intl-cache.ts';
import { PageHead } from './page-head.tsx';
import { PublicLayout } from './public-layout.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useSalaryGuide } from './api.ts';

/** The table's columns after the category: how many open jobs, then what they pay. */
const FIGURES = ['jobs', 'low', 'median', 'high'] as const;

/**
 * /salary-guide: what open jobs pay by category, for all of India or one of the cities with the
 * most open jobs (`?city=`), computed by the server from the open jobs' stated salaries.
 */
export function SalaryGuidePage() {
  const { t, i18n } = useTranslation();
  const guide = useSalaryGuide();
  const [search, setSearch] = useSearchParams();
  const id = useId();
  const citySlug = search.get('city') ?? '';
  const city = guide.data?.cities.find((c) => c.slug === citySlug) ?? null;
  const rows = city ? city.rows : (guide.data?.india ?? []);
  const region = city ? city.name : t('public.salary.india');
  const lpa = (value: number | null) =>
    value === null
      ? t('public.salary.none')
      : t('public.salary.lpa', {
          value: numberFormat(appLocale(i18n.language), { maximumFractionDigits: 1 }).format(value),
        });

  return (
    <PublicLayout wide>
      <PageHead
        title={t('public.salary.metaTitle')}
        description={t('public.salary.description')}
        path="/salary-guide"
      />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('public.salary.title')}</h1>
      <p className="mt-2 mb-6 text-slate-700">{t('public.salary.description')}</p>
      {guide.isPending ? (
        <CardListSkeleton count={3} />
      ) : guide.isError || !guide.data ? (
        <LoadError message={t('public.loadFailed')} onRetry={guide.refetch} />
      ) : guide.data.india.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {t('public.salary.empty')}
        </p>
      ) : (
        <>
          <div className="mb-4 max-w-sm">
            <label
              htmlFor={`${id}-region`}
              className="mb-1 block text-sm font-medium text-slate-800"
            >
              {t('public.salary.region')}
            </label>
            <select
              id={`${id}-region`}
              value={city?.slug ?? ''}
              onChange={(e) =>
                setSearch(e.target.value ? { city: e.target.value } : {}, { replace: true })
              }
              className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
            >
              <option value="">{t('public.salary.india')}</option>
              {guide.data.cities.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div
            // Scrolls sideways on a narrow screen: reachable and scrollable by keyboard too.
            tabIndex={0}
            role="region"
            aria-label={t('public.salary.caption', { region })}
            className="overflow-x-auto rounded-2xl border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t('public.salary.caption', { region })}</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('public.salary.category')}
                  </th>
                  {FIGURES.map((figure) => (
                    <th key={figure} scope="col" className="px-4 py-3 text-right">
                      {t(`public.salary.${figure}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row: SalaryRow) => (
                  <tr key={row.category}>
                    <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                      {pickLabel('jobCategory', row.category)}
                    </th>
                    <td className="px-4 py-3 text-right">{row.jobs}</td>
                    <td className="px-4 py-3 text-right">{lpa(row.low)}</td>
                    <td className="px-4 py-3 text-right font-semibold">{lpa(row.median)}</td>
                    <td className="px-4 py-3 text-right">{lpa(row.high)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t('public.salary.method')}</p>
          <p className="mt-1 text-xs text-slate-600">
            {t('public.salary.updated', {
              time: formatDateTime(guide.data.computedAt, i18n.language),
            })}
          </p>
        </>
      )}
    </PublicLayout>
  );
}
