import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { ContactCard } from '../../components/profile/contact-card.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { useOpenResume } from './use-open-resume.ts';

/**
 * Another seeker's profile as a recruiter sees it: read-only; e-mail, phone and the resume only
 * when the candidate shares them with this recruiter (`contactShared`, decided by the server).
 */
export function CandidateReadOnlyView({ profile }: { profile: SeekerProfileView }) {
  const { t } = useTranslation();
  const { opening, open } = useOpenResume(profile.userId);
  return (
    <div className="flex flex-col gap-3">
      <ProfileHeader
        profile={profile}
        actions={
          profile.contactShared && profile.hasResume ? (
            <Button variant="outline" disabled={opening} onClick={() => void open()}>
              {t('profile.viewResume')}
            </Button>
          ) : undefined
        }
      />
      <ContactCard profile={profile} />
      <ProfileDetails profile={profile} withEmail={false} />
    </div>
  );
}
