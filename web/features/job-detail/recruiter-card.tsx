import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '#shared/schemas/jobs.ts';
import { Avatar } from '../../components/avatar.tsx';
import { GstRegisteredMark } from '../../components/gst-registered-mark.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';

/**
 * Who posted the job: photo (initials otherwise), name, designation, company logo, the verified
 * mark with its domain and "GST registered" when the company's GSTIN passed the checks.
 */
export function RecruiterCard({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const { recruiter } = job;
  const name = recruiter.fullName || t('recruiterHome.defaultName');
  const designation = recruiter.designation || t('recruiterHome.defaultDesignation');
  return (
    <section aria-labelledby="job-recruiter" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="job-recruiter" className="mb-3 text-sm font-semibold text-slate-500">
        {t('jobs.postedBy')}
      </h2>
      <div className="flex items-center gap-3">
        <Avatar
          url={recruiter.profileImage}
          name={recruiter.fullName}
          alt={t('profile.photoAlt', { name })}
          size="md"
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
        </div>
        <CompanyLogo url={recruiter.companyLogo} company={job.company} />
      </div>
    </section>
  );
}

function CompanyLogo({ url, company }: { url: string | null; company: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) return null;
  return (
    <img
      src={url}
      alt={t('jobs.companyLogo', { company })}
      className="h-10 w-10 shrink-0 rounded-lg border border-slate-100 object-contain"
      onError={() => setBroken(url)}
    />
  );
}
