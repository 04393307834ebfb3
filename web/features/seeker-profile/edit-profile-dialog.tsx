import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { PickField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { SkillsField } from '../../components/seeker-fields.tsx';
import { PhotoField } from './photo-field.tsx';
import { profileValues } from './profile-values.ts';
import { useProfileEditor } from './use-profile-editor.ts';

function dialogValues(profile: SeekerProfileView) {
  const { profileImage, fullName, collegeName, degree, jobTitle, companyName, skills } =
    profileValues(profile);
  const bio = profile.bio ?? '';
  return { profileImage, fullName, bio, collegeName, degree, jobTitle, companyName, skills };
}

/**
 * 'Edit Profile': name, bio, education (institute + degree), current work (title + company),
 * skills (added on Add or Enter, trimmed, no duplicates) and picture. Saves only what changed.
 */
export function EditProfileDialog({
  profile,
  onClose,
}: {
  profile: SeekerProfileView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { set, field: f, saving, save } = useProfileEditor(() => dialogValues(profile), onClose);

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={t('profile.editProfile')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <PhotoField profile={profile} onChange={(key) => set('profileImage', key)} />
        <TextField label={t('profile.name')} maxLength={100} {...f('fullName')} />
        <TextAreaField label={t('profile.bio')} maxLength={1000} {...f('bio')} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('profile.education')}</legend>
          <TextField label={t('profile.institute')} maxLength={150} {...f('collegeName')} />
          <PickField label={t('onboarding.degree')} list="degree" {...f('degree')} />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('profile.currentWork')}</legend>
          <TextField label={t('onboarding.jobTitle')} maxLength={100} {...f('jobTitle')} />
          <TextField label={t('profile.company')} maxLength={150} {...f('companyName')} />
        </fieldset>
        <SkillsField {...f('skills')} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={saving} onClick={onClose}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
