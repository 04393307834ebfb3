import { Briefcase, IndianRupee, MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { JobCardView } from '#shared/schemas/jobs.ts';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { DistanceChip, MatchScore, ReasonLine } from '../../components/job-chips.tsx';
import { jobPlace, postedAgo, salaryText } from '../../lib/job-format.ts';
import { CardLink, LinkCard } from '../../components/link-card.tsx';
import { ReplyRateBadge } from '../../components/reply-rate-badge.tsx';

/**
 * One job in the seeker's feed. The title is the card's link (its box covers the whole card), so
 * the card is one tab stop with the job title as its name and the rest read as its content.
 * The 'online' badge is the recruiter's real presence (a live WebSocket), not a placeholder.
 * Small-screen layout (issue 15): the company logo, the distance on the location line ('In your
 * city', '12 km away'), the other reasons on one line, and how fresh the job is ('posted 2 days
 * ago').
 */
export function JobCard({ job }: { job: JobCardView }) {
  const { t, i18n } = useTranslation();
  const salary = salaryText(t, i18n.language, job.minSalary, job.maxSalary);
  const posted = postedAgo(t, job.createdAt, new Date(), i18n.language);
  return (
    <LinkCard>
      <div className="flex items-start gap-3">
        <CompanyLogo
          url={job.recruiter.companyLogo}
          company={job.company}
          size={44}
          decorative
          placeholder
        />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 text-base font-semibold leading-snug text-slate-900">
              <CardLink to={`/job-detail/${job.id}`}>{job.title}</CardLink>
            </h2>
            {job.match && <MatchScore score={job.match.score} />}
          </div>

          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700">
            <span className="min-w-0 truncate">{job.company}</span>
            {job.recruiter.isVerified && <VerifiedMark domain={job.recruiter.verifiedDomain} />}
            {job.recruiter.isOnline && (
              <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
                <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
                {t('jobs.online')}
              </span>
            )}
          </p>
        </div>
      </div>

      {job.recruiter.replyRate && (
        <p>
          <ReplyRateBadge replyRate={job.recruiter.replyRate} />
        </p>
      )}

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <MapPin size={14} aria-hidden="true" />
          <span className="sr-only">{t('jobs.location')}: </span>
          {jobPlace(t, job)}
        </span>
        <DistanceChip job={job} />
      </p>

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Briefcase size={14} aria-hidden="true" />
          {pickLabel('jobType', job.type)} · {pickLabel('jobLevel', job.level)}
        </span>
        <span className="inline-flex items-center gap-1 font-medium text-slate-800">
          <IndianRupee size={14} aria-hidden="true" />
          <span className="sr-only">{t('jobs.salary')}: </span>
          {salary}
        </span>
      </p>

      {job.match && <ReasonLine reasons={job.match.reasons} omit={['nearby', 'remote']} />}

      {posted && (
        <p className="text-xs text-slate-500">
          <time dateTime={job.createdAt}>{posted}</time>
        </p>
      )}
    </LinkCard>
  );
}
