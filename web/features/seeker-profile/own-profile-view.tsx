import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Pencil, Settings } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { useFocusOnSwitch } from '../../lib/focus.ts';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileEditForm } from './profile-edit-form.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ResumeCard } from './resume-card.tsx';
import { ProfileViewsCard } from './profile-views-card.tsx';
import { ProfileVisibilityCard } from './profile-visibility-card.tsx';
import { ResumeDownloadsCard } from './resume-downloads-card.tsx';
import { YourDataCard } from '../../components/your-data-card.tsx';
import { BlockedPeopleCard } from '../../components/moderation/blocked-people-card.tsx';
import { SessionsCard } from '../../components/sessions-card.tsx';
import { NotificationSettingsCard } from '../../components/notification-settings-card.tsx';
import { LanguageSettingsCard } from '../../components/language-switch.tsx';

/**
 * The seeker's own profile: an Edit/Save toggle for inline editing, the resume card and who may
 * see it (profile visibility), who viewed the profile and who downloaded the resume, their data,
 * notifications (push and SMS), the people they blocked (to unblock), the job preferences
 * (settings icon) and Sign Out.
 */
export function OwnProfileView({ profile }: { profile: SeekerProfileView }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Editing starts at the form's first heading; back in view (saved or cancelled), at Edit.
  useFocusOnSwitch(editing, (edit) =>
    edit ? box.current?.querySelector<HTMLElement>('form h2') : editButton.current,
  );

  return (
    <div ref={box} className="flex flex-col gap-3">
      {editing ? (
        <ProfileEditForm profile={profile} onClose={() => setEditing(false)} />
      ) : (
        <>
          <ProfileHeader
            profile={profile}
            actions={
              <>
                <Button
                  ref={editButton}
                  variant="outline"
                  className="min-h-11 px-3"
                  onClick={() => setEditing(true)}
                >
                  <Pencil size={16} aria-hidden="true" />
                  {t('profile.edit')}
                </Button>
                <Link
                  to="/update_job_preferences"
                  aria-label={t('profile.settings')}
                  title={t('profile.settings')}
                  className="grid h-11 w-11 place-items-center rounded-xl text-slate-600 hover:bg-slate-100"
                >
                  <Settings size={20} aria-hidden="true" />
                </Link>
              </>
            }
          />
          <ProfileDetails profile={profile} />
        </>
      )}
      <ResumeCard profile={profile} />
      <ProfileVisibilityCard profile={profile} />
      <ProfileViewsCard />
      <ResumeDownloadsCard />
      <YourDataCard />
      <LanguageSettingsCard />
      <NotificationSettingsCard />
      <BlockedPeopleCard />
      <SessionsCard />
      <SignOutButton />
    </div>
  );
}
