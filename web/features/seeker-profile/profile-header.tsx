import type { ReactNode } from 'react';
import { MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Avatar } from '../../components/avatar.tsx';
import { workLine } from '../../lib/work-line.ts';

/** Photo (initials fallback), name, "title at company" and city. */
export function ProfileHeader({
  profile,
  actions,
}: {
  profile: SeekerProfileView;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const work = workLine(t, profile.jobTitle, profile.companyName);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <Avatar name={profile.fullName} url={profile.profileImage} />
        {actions && <div className="flex flex-wrap items-center justify-end gap-1">{actions}</div>}
      </div>
      <div className="min-w-0">
        <h2 className="break-words text-xl font-bold">{profile.fullName ?? t('profile.notSet')}</h2>
        {work && <p className="text-sm text-slate-700">{work}</p>}
        {profile.city && (
          <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-500">
            <MapPin size={14} aria-hidden="true" />
            {profile.city.name}, {profile.city.state}
          </p>
        )}
      </div>
    </div>
  );
}
