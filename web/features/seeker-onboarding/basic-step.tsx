import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { ImageUpload, type UploadedImage } from '../../components/image-upload.tsx';
import { PickSelect } from '../../components/pick-select.tsx';
import { imageKeyFromUrl } from '../seeker-profile/api.ts';
import { InlineError } from './inline-error.tsx';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useFormValues } from './use-form-values.ts';
import { useSaveStep } from './use-save-step.ts';

/** Step 1: photo (required), full name, education level, email, work experience, notice period. */
export function BasicStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const { saving, errors, submit } = useSaveStep(1);
  const [photo, setPhoto] = useState<UploadedImage | null>(() => {
    const key = imageKeyFromUrl(profile?.profileImage ?? null);
    return key && profile?.profileImage ? { key, url: profile.profileImage } : null;
  });
  const [v, set] = useFormValues({
    fullName: asInput(profile?.fullName),
    educationLevel: asInput(profile?.educationLevel),
    email: asInput(profile?.email),
    workExperience: asInput(profile?.workExperience),
    noticePeriod: asInput(profile?.noticePeriod),
  });

  return (
    <StepForm
      saving={saving}
      label={t('onboarding.saveNext')}
      onSubmit={() => submit({ profileImage: photo?.key, ...v })}
    >
      <div className="flex flex-col gap-1.5">
        <ImageUpload
          purpose="avatar"
          label={t('onboarding.photo')}
          buttonLabel={photo ? t('onboarding.changePhoto') : t('onboarding.uploadPhoto')}
          imageUrl={photo?.url}
          onUploaded={setPhoto}
        />
        <InlineError message={errors.profileImage} />
      </div>
      <Field label={t('onboarding.fullName')} error={errors.fullName}>
        {(p) => (
          <input
            {...p}
            className={inputClass}
            autoComplete="name"
            maxLength={100}
            value={v.fullName}
            onChange={(e) => set('fullName', e.target.value)}
          />
        )}
      </Field>
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
      <Field label={t('onboarding.email')} error={errors.email}>
        {(p) => (
          <input
            {...p}
            type="email"
            inputMode="email"
            autoComplete="email"
            className={inputClass}
            maxLength={254}
            value={v.email}
            onChange={(e) => set('email', e.target.value)}
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
    </StepForm>
  );
}
