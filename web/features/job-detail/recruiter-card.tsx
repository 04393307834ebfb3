import { useTranslation } from '#web/lib/i18n.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { Avatar } from '../../components/avatar.tsx';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { GstRegisteredMark } from '../../components/gst-registered-mark.tsx';
import { SafetyMenu } from '../../components/moderation/safety-menu.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { ReplyRateBadge } from '../../components/reply-rate-badge.tsx';

/**
 * Who posted the job: photo (initials otherwise), name, designation, company logo, the verified
 * mark with its domain, "GST registered" when the company's GSTIN passed the checks, and how
 * often and how fast the recruiter replies to seekers (decision 011). For anyone but the
 * recruiter, a menu to report or block them.
 */
export function RecruiterCard({ job, canReport }: { job: JobView; canReport: boolean }) {
  const { t } = useTranslation();
  const { recruiter } = job;
  const name = recruiter.fullName || t('recruiterHome.defaultName');
  const designation = recruiter.designation || t('recruiterHome.defaultDesignation');
  return (
    <section aria-labelledby="job-recruiter" className="rounded-2xl border border-slate-200 p-4">
      <div className="mb-1 flex min-h-11 items-center justify-between gap-2">
        <h2 id="job-recruiter" className="text-sm font-semibold text-slate-500">
          {t('jobs.postedBy')}
        </h2>
        {canReport && (
          <SafetyMenu
            label={t('moderation.moreActionsFor', { name })}
            className="-mr-2"
            reports={[
              {
                label: t('moderation.reportRecruiter'),
                title: t('moderation.reportPersonTitle', { name }),
                target: { userId: recruiter.id },
              },
            ]}
            block={{ userId: recruiter.id, name, label: t('moderation.blockRecruiter') }}
          />
        )}
      </div>
      <div className="flex items-center gap-3">
        <Avatar
          url={recruiter.profileImage}
          name={recruiter.fullName}
          alt={t('profile.photoAlt', { name })}
          size="md"
          lazy
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            {t('recruiterHome.at', { designation, company: job.company })}
          </p>
          {(recruiter.isVerified || recruiter.gstRegistered) && (
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              {recruiter.isVerified && <VerifiedMark domain={recruiter.verifiedDomain} />}
              {recruiter.gstRegistered && <GstRegisteredMark />}
            </p>
          )}
          {recruiter.replyRate && (
            <p className="mt-1">
              <ReplyRateBadge replyRate={recruiter.replyRate} />
            </p>
          )}
        </div>
        <CompanyLogo url={recruiter.companyLogo} company={job.company} size={40} />
      </div>
    </section>
  );
}
