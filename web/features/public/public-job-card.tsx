import { Briefcase, IndianRupee, MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { PublicJob } from '#shared/schemas/public.ts';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { CardLink, LinkCard } from '../../components/link-card.tsx';
import { jobPlace, salaryText } from '../../lib/job-format.ts';
import { formatDate } from '../../lib/dates.ts';

/** One job on the public lists: the title links to the job's own page (one tab stop). */
export function PublicJobCard({ job, heading = 'h2' }: { job: PublicJob; heading?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation();
  const salary = salaryText(t, i18n.language, job.minSalary, job.maxSalary);
  const Heading = heading;
  return (
    <LinkCard>
      <div className="flex items-start gap-3">
        <CompanyLogo url={job.companyLogo} company={job.company} size={44} decorative placeholder />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <Heading className="text-base font-semibold leading-snug text-slate-900">
            <CardLink to={job.path}>{job.title}</CardLink>
          </Heading>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700">
            <span className="min-w-0 truncate">{job.company}</span>
            {job.verifiedDomain && <VerifiedMark domain={job.verifiedDomain} />}
          </p>
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1">
          <MapPin size={15} aria-hidden="true" className="shrink-0 text-slate-500" />
          {jobPlace(t, job)}
        </span>
        <span className="inline-flex items-center gap-1">
          <Briefcase size={15} aria-hidden="true" className="shrink-0 text-slate-500" />
          {pickLabel('jobType', job.type)}
        </span>
        <span className="inline-flex items-center gap-1 font-medium text-slate-900">
          <IndianRupee size={15} aria-hidden="true" className="shrink-0 text-slate-500" />
          {salary}
        </span>
      </p>
      <p className="text-xs text-slate-600">
        {t('public.list.posted', { date: formatDate(job.createdAt, i18n.language) })}
      </p>
    </LinkCard>
  );
}
