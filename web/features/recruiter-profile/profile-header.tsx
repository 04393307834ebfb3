import { Building2, Landmark, Settings, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { Avatar } from '../../components/avatar.tsx';
import { GstRegisteredMark } from '../../components/gst-registered-mark.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';

/** Header of the recruiter's Profile tab: who they are, their company and their counters. */
export function ProfileHeader({ profile }: { profile: RecruiterProfileView | null }) {
  const { t } = useTranslation();
  const name = profile?.fullName || t('recruiterHome.defaultName');
  const designation = profile?.designation || t('recruiterHome.defaultDesignation');
  const company = profile?.companyName || t('recruiterHome.defaultCompany');
  const size = profile?.employeeSize
    ? pickLabel('employeeSize', profile.employeeSize)
    : t('recruiterHome.defaultSize');
  const financing = profile?.financingStatus
    ? pickLabel('financingStatus', profile.financingStatus)
    : t('recruiterHome.defaultFinancing');
  const counters = [
    { label: t('recruiterHome.jobPosts'), value: profile?.stats.jobPosts ?? 0 },
    { label: t('recruiterHome.shortlists'), value: profile?.stats.shortlisted ?? 0 },
    { label: t('recruiterHome.hired'), value: profile?.stats.hired ?? 0 },
  ];

  return (
    <section aria-labelledby="recruiter-name" className="rounded-2xl bg-slate-50 p-4">
      <div className="flex items-start gap-4">
        <Avatar url={profile?.profileImage} name={profile?.fullName} alt={name} />
        <div className="min-w-0 flex-1">
          <h2 id="recruiter-name" className="truncate text-lg font-bold">
            {name}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            <Building2 size={14} aria-hidden="true" className="mr-1 inline align-[-2px]" />
            {t('recruiterHome.at', { designation, company })}
          </p>
          {(profile?.isVerified || profile?.gstRegistered) && (
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              {profile.isVerified && <VerifiedMark domain={profile.verifiedDomain} />}
              {profile.gstRegistered && <GstRegisteredMark />}
            </p>
          )}
        </div>
        <Link
          to="/recruiter-settings"
          aria-label={t('recruiterHome.settings')}
          title={t('recruiterHome.settings')}
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-white hover:text-brand-700"
        >
          <Settings size={22} aria-hidden="true" />
        </Link>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        {counters.map((c) => (
          <div key={c.label} className="flex flex-col-reverse rounded-xl bg-white px-2 py-3">
            <dt className="text-xs text-slate-500">{c.label}</dt>
            <dd className="text-xl font-bold text-slate-900">{c.value}</dd>
          </div>
        ))}
      </dl>

      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Users size={14} aria-hidden="true" />
          <span className="sr-only">{t('settings.companySize')}: </span>
          {size}
        </span>
        <span className="inline-flex items-center gap-1">
          <Landmark size={14} aria-hidden="true" />
          <span className="sr-only">{t('settings.financing')}: </span>
          {financing}
        </span>
      </p>
    </section>
  );
}
