import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import type { PublicCompany } from '#shared/schemas/public.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { PageHead } from './page-head.tsx';
import { PublicLayout } from './public-layout.tsx';
import { ShowMoreButton } from './show-more-button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { jobPlace } from '../../lib/job-format.ts';
import { usePublicCompanies } from './api.ts';

/** /companies: verified companies with open jobs, by name, each with its newest jobs (issue 17). */
export function CompaniesPage() {
  const { t } = useTranslation();
  const companies = usePublicCompanies();
  const all = companies.data?.pages.flatMap((p) => p.companies) ?? [];
  return (
    <PublicLayout wide>
      <PageHead
        title={t('public.companies.metaTitle')}
        description={t('info.companiesText')}
        path="/companies"
      />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('info.companiesTitle')}</h1>
      <p className="mt-2 mb-6 text-slate-700">{t('info.companiesText')}</p>
      {companies.isPending ? (
        <CardListSkeleton count={4} />
      ) : companies.isError && !companies.data ? (
        <LoadError message={t('public.loadFailed')} onRetry={companies.refetch} />
      ) : all.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {t('public.companies.empty')}
        </p>
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {all.map((company, i) => (
              <li key={`${company.verifiedDomain ?? ''}-${company.name}-${i}`}>
                <CompanyCard company={company} />
              </li>
            ))}
          </ul>
          <ShowMoreButton pages={companies} />
        </>
      )}
    </PublicLayout>
  );
}

function CompanyCard({ company }: { company: PublicCompany }) {
  const { t } = useTranslation();
  return (
    <section className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <CompanyLogo url={company.logo} company={company.name} size={48} decorative placeholder />
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-slate-900">{company.name}</h2>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            {company.verifiedDomain && <VerifiedMark domain={company.verifiedDomain} />}
            <span>{t('public.companies.openJobs', { count: company.openJobs })}</span>
          </p>
        </div>
      </div>
      <ul className="flex flex-col divide-y divide-slate-100">
        {company.jobs.map((job) => (
          <li key={job.id}>
            <Link
              to={job.path}
              className="flex min-h-11 flex-col justify-center py-2 text-sm hover:text-brand-700"
            >
              <span className="font-semibold text-slate-900">{job.title}</span>
              <span className="text-slate-600">{jobPlace(t, job)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
