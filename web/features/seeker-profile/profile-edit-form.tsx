import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTRODUCTION_MAX } from '#shared/limits.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { ChipInput } from '../../components/chip-input.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { PickSelect } from '../../components/pick-select.tsx';
import { useFormValues } from '../seeker-onboarding/use-form-values.ts';
import { imageKeyFromUrl } from './api.ts';
import { SectionCard } from './section-card.tsx';
import { useUpdateProfile } from './use-update-profile.ts';

function initialValues(p: SeekerProfileView) {
  return {
    profileImage: imageKeyFromUrl(p.profileImage) ?? '',
    fullName: p.fullName ?? '',
    email: p.email ?? '',
    introduction: p.introduction ?? '',
    skills: p.skills,
    languages: p.languages,
    educationLevel: p.educationLevel ?? '',
    collegeName: p.collegeName ?? '',
    degree: p.degree ?? '',
    fieldOfStudy: p.fieldOfStudy ?? '',
    jobTitle: p.jobTitle ?? '',
    companyName: p.companyName ?? '',
    workExperience: p.workExperience ?? '',
    noticePeriod: p.noticePeriod ?? '',
  };
}

/** Edit mode of /candidate-profile: the seeker's own details, saved with only what changed. */
export function ProfileEditForm({
  profile,
  onClose,
}: {
  profile: SeekerProfileView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const counterId = useId();
  const [initial] = useState(() => initialValues(profile));
  const [v, set] = useFormValues(initial);
  const [photoUrl, setPhotoUrl] = useState(profile.profileImage);
  const { saving, errors, update } = useUpdateProfile();

  async function save() {
    if (await update(initial, v)) onClose();
  }
  const text = (
    key: 'fullName' | 'email' | 'collegeName' | 'fieldOfStudy' | 'jobTitle' | 'companyName',
    label: string,
    max: number,
    type = 'text',
  ) => (
    <Field label={label} error={errors[key]}>
      {(p) => (
        <input
          {...p}
          type={type}
          maxLength={max}
          className={inputClass}
          value={v[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="sticky top-[53px] z-[5] -mx-4 flex items-center justify-end gap-2 bg-white/95 px-4 py-2 backdrop-blur">
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>

      <SectionCard title={t('profile.personal')}>
        <div className="flex flex-col gap-4">
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
          {text('fullName', t('onboarding.fullName'), 100)}
          {text('email', t('onboarding.email'), 254, 'email')}
          <Field label={t('onboarding.noticePeriod')} error={errors.noticePeriod}>
            {(p) => (
              <PickSelect
                {...p}
                list="noticePeriod"
                value={v.noticePeriod}
                onChange={(e) => set('noticePeriod', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('onboarding.workExperience')} error={errors.workExperience}>
            {(p) => (
              <PickSelect
                {...p}
                list="workExperience"
                value={v.workExperience}
                onChange={(e) => set('workExperience', e.target.value)}
              />
            )}
          </Field>
        </div>
      </SectionCard>

      <SectionCard title={t('profile.about')}>
        <Field label={t('onboarding.introLabel')} error={errors.introduction}>
          {(p) => (
            <textarea
              {...p}
              aria-describedby={[p['aria-describedby'], counterId].filter(Boolean).join(' ')}
              rows={6}
              maxLength={INTRODUCTION_MAX}
              className={`${inputClass} py-2`}
              value={v.introduction}
              onChange={(e) => set('introduction', e.target.value)}
            />
          )}
        </Field>
        <p id={counterId} className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
          {t('onboarding.charCount', { count: v.introduction.length, max: INTRODUCTION_MAX })}
        </p>
      </SectionCard>

      <SectionCard title={t('profile.currentWork')}>
        <div className="flex flex-col gap-4">
          {text('jobTitle', t('onboarding.jobTitle'), 100)}
          {text('companyName', t('onboarding.companyName'), 150)}
        </div>
      </SectionCard>

      <SectionCard title={t('profile.education')}>
        <div className="flex flex-col gap-4">
          <Field label={t('onboarding.educationLevel')} error={errors.educationLevel}>
            {(p) => (
              <PickSelect
                {...p}
                list="educationLevel"
                value={v.educationLevel}
                onChange={(e) => set('educationLevel', e.target.value)}
              />
            )}
          </Field>
          {text('collegeName', t('onboarding.collegeName'), 150)}
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
          {text('fieldOfStudy', t('onboarding.fieldOfStudy'), 100)}
        </div>
      </SectionCard>

      <SectionCard title={t('profile.skills')}>
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
      </SectionCard>

      <SectionCard title={t('profile.languages')}>
        <Field label={t('onboarding.languages')} error={errors.languages}>
          {(p) => (
            <ChipInput
              id={p.id}
              values={v.languages}
              onChange={(languages) => set('languages', languages)}
              max={10}
              placeholder={t('onboarding.languagePlaceholder')}
              addLabel={t('onboarding.addLanguage')}
              removeLabel={(language) => t('onboarding.removeLanguage', { language })}
            />
          )}
        </Field>
      </SectionCard>
    </form>
  );
}
