import { Briefcase, IndianRupee, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '#shared/picklists.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { salaryText } from '../../lib/job-format.ts';

/** One of the recruiter's job posts; the title links to the job page and covers the card. */
export function RecruiterJobCard({ job }: { job: JobView }) {
  const { t, i18n } = useTranslation();
  const open = job.status === 'open';
  const salary = salaryText(t, i18n.language, job.minSalary, job.maxSalary);
  return (
    <article className="relative flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 has-[a:focus-visible]:border-brand-600 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base font-semibold leading-snug text-slate-900">
          <Link
            to={`/job-detail/${job.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl"
            // The whole card shows the focus ring instead of the title alone.
            style={{ outline: 'none' }}
          >
            {job.title}
          </Link>
        </h3>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'
          }`}
        >
          {open ? t('jobs.open') : t('jobs.closed')}
        </span>
      </div>

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
        {salary && (
          <span className="inline-flex items-center gap-1">
            <IndianRupee size={14} aria-hidden="true" />
            <span className="sr-only">{t('jobs.salary')}: </span>
            {salary}
          </span>
        )}
        <span className="inline-flex items-center gap-1">
          <MapPin size={14} aria-hidden="true" />
          <span className="sr-only">{t('jobs.location')}: </span>
          {job.location}
        </span>
      </p>
    </article>
  );
}
