import { Briefcase, IndianRupee, MapPin, Users } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { jobPlace, salaryText } from '../../lib/job-format.ts';
import { CardLink, LinkCard } from '../../components/link-card.tsx';
import { HeldJobNotice } from '../../components/moderation/held-job-notice.tsx';

/**
 * One of the recruiter's job posts; the title links to the job page and covers the card. A job
 * the scam shield or a moderator holds says so, and why.
 */
export function RecruiterJobCard({ job }: { job: JobView }) {
  const { t, i18n } = useTranslation();
  const open = job.status === 'open';
  const salary = salaryText(t, i18n.language, job.minSalary, job.maxSalary);
  return (
    <LinkCard>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base font-semibold leading-snug text-slate-900">
          <CardLink to={`/job-detail/${job.id}`}>{job.title}</CardLink>
        </h3>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'
          }`}
        >
          {open ? t('jobs.open') : t('jobs.closed')}
        </span>
      </div>

      {job.moderation.state === 'held' && <HeldJobNotice reasons={job.moderation.reasons} />}

      {job.applications > 0 && (
        <p className="inline-flex items-center gap-1 text-sm font-medium text-brand-700">
          <Users size={14} aria-hidden="true" />
          {t('recruiterHome.applications', { count: job.applications })}
        </p>
      )}

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Briefcase size={14} aria-hidden="true" />
          {pickLabel('jobType', job.type)} · {pickLabel('jobLevel', job.level)}
        </span>
        <span className="inline-flex items-center gap-1">
          <IndianRupee size={14} aria-hidden="true" />
          <span className="sr-only">{t('jobs.salary')}: </span>
          {salary}
        </span>
        <span className="inline-flex items-center gap-1">
          <MapPin size={14} aria-hidden="true" />
          <span className="sr-only">{t('jobs.location')}: </span>
          {jobPlace(t, job)}
        </span>
      </p>
    </LinkCard>
  );
}
