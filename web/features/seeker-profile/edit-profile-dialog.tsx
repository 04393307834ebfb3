import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { ChipInput } from '../../components/chip-input.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { PickSelect } from '../../components/pick-select.tsx';
import { useFormValues } from '../seeker-onboarding/use-form-values.ts';
import { imageKeyFromUrl } from './api.ts';
import { Modal } from './modal.tsx';
import { useUpdateProfile } from './use-update-profile.ts';

function initialValues(p: SeekerProfileView) {
  return {
    profileImage: imageKeyFromUrl(p.profileImage) ?? '',
    fullName: p.fullName ?? '',
    bio: p.bio ?? '',
    collegeName: p.collegeName ?? '',
    degree: p.degree ?? '',
    jobTitle: p.jobTitle ?? '',
    companyName: p.companyName ?? '',
    skills: p.skills,
  };
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
  const [initial] = useState(() => initialValues(profile));
  const [v, set] = useFormValues(initial);
  const [photoUrl, setPhotoUrl] = useState(profile.profileImage);
  const { saving, errors, update } = useUpdateProfile();

  async function save() {
    if (await update(initial, v)) onClose();
  }

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
        <ImageUpload
          purpose="avatar"
          label={t('profile.picture')}
          buttonLabel={t('onboarding.changePhoto')}
          imageUrl={photoUrl}
          onUploaded={(image) => {
            set('profileImage', image.key);
            setPhotoUrl(image.url);
          }}
        />
        <Field label={t('profile.name')} error={errors.fullName}>
          {(p) => (
            <input
              {...p}
              maxLength={100}
              className={inputClass}
              value={v.fullName}
              onChange={(e) => set('fullName', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('profile.bio')} error={errors.bio}>
          {(p) => (
            <textarea
              {...p}
              rows={4}
              maxLength={1000}
              className={`${inputClass} py-2`}
              value={v.bio}
              onChange={(e) => set('bio', e.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('profile.education')}</legend>
          <Field label={t('profile.institute')} error={errors.collegeName}>
            {(p) => (
              <input
                {...p}
                maxLength={150}
                className={inputClass}
                value={v.collegeName}
                onChange={(e) => set('collegeName', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('onboarding.degree')} error={errors.degree}>
            {(p) => (
              <PickSelect
                {...p}
                list="degree"
                value={v.degree}
                onChange={(e) => set('degree', e.target.value)}
              />
            )}
          </Field>
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('profile.currentWork')}</legend>
          <Field label={t('onboarding.jobTitle')} error={errors.jobTitle}>
            {(p) => (
              <input
                {...p}
                maxLength={100}
                className={inputClass}
                value={v.jobTitle}
                onChange={(e) => set('jobTitle', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('profile.company')} error={errors.companyName}>
            {(p) => (
              <input
                {...p}
                maxLength={150}
                className={inputClass}
                value={v.companyName}
                onChange={(e) => set('companyName', e.target.value)}
              />
            )}
          </Field>
        </fieldset>
        <Field label={t('profile.skills')} error={errors.skills}>
          {(p) => (
            <ChipInput
              id={p.id}
              values={v.skills}
              onChange={(skills) => set('skills', skills)}
              max={30}
              placeholder={t('profile.skillPlaceholder')}
              addLabel={t('profile.addSkill')}
              removeLabel={(skill) => t('profile.removeSkill', { skill })}
            />
          )}
        </Field>
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
