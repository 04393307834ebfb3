import { Building2, MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/image-srcset.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { VerifiedMark } from '../../components/verified-mark.tsx';

/** The company being verified: logo, name, size and headquarters. */
export function CompanySummary({ profile }: { profile: RecruiterProfileView | null }) {
  const { t } = useTranslation();
  const name = profile?.companyName || t('recruiterHome.defaultCompany');
  const place = [profile?.headquartersAddress, profile?.headquartersCity?.name]
    .filter(Boolean)
    .join(', ');
  return (
    <section
      aria-label={name}
      className="mb-6 flex items-center gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid h-14 w-14 shrink-0 place-items-center overflow-hidden rounded-xl bg-white text-slate-400">
        {profile?.companyLogo ? (
          <img
            src={profile.companyLogo}
            srcSet={imageSrcSet(profile.companyLogo)}
            sizes={imageSrcSet(profile.companyLogo) && '56px'}
            width={56}
            height={56}
            decoding="async"
            alt={t('onboarding.companyLogo')}
            className="h-full w-full object-cover"
          />
        ) : (
          <Building2 aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0">
        <p className="flex items-center gap-1 font-semibold">
          <span className="truncate">{name}</span>
          {profile?.isVerified && <VerifiedMark domain={profile.verifiedDomain} />}
        </p>
        {profile?.employeeSize && (
          <p className="text-sm text-slate-600">
            {pickLabel('employeeSize', profile.employeeSize)}
          </p>
        )}
        {place && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin size={14} aria-hidden="true" className="shrink-0" />
            <span className="truncate">{place}</span>
          </p>
        )}
      </div>
    </section>
  );
}
