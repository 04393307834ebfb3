import { useState } from 'react';
import { LogOut, Pencil } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { ChipList } from '../../components/profile/chip-list.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { SectionCard } from '../../components/profile/section-card.tsx';
import { workLine } from '../../lib/work-line.ts';

/** The /profile screen: bio, education, current work, skills; 'Edit Profile' and Sign Out. */
export function ProfileSummary({ profile: p }: { profile: SeekerProfileView }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [editing, setEditing] = useState(false);
  const education = [p.degree ? pickLabel('degree', p.degree) : null, p.collegeName]
    .filter(Boolean)
    .join(', ');
  const work = workLine(t, p.jobTitle, p.companyName);

  return (
    <div className="flex flex-col gap-3">
      <ProfileHeader profile={p} />
      <Button variant="outline" onClick={() => setEditing(true)}>
        <Pencil size={16} aria-hidden="true" />
        {t('profile.editProfile')}
      </Button>
      <SectionCard title={t('profile.bio')}>
        <p className="whitespace-pre-line text-sm text-slate-700">{p.bio || t('profile.notSet')}</p>
      </SectionCard>
      <SectionCard title={t('profile.education')}>
        <p className="text-sm text-slate-700">{education || t('profile.notSet')}</p>
      </SectionCard>
      <SectionCard title={t('profile.currentWork')}>
        <p className="text-sm text-slate-700">{work ?? t('profile.notSet')}</p>
      </SectionCard>
      <SectionCard title={t('profile.skills')}>
        <ChipList items={p.skills} />
      </SectionCard>
      <Button variant="outline" className="w-full" onClick={() => void signOut()}>
        <LogOut size={18} aria-hidden="true" />
        {t('profile.signOut')}
      </Button>
      {editing && <EditProfileDialog profile={p} onClose={() => setEditing(false)} />}
    </div>
  );
}
