import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { bindField, PickField, TextField } from '../../components/form-fields.tsx';
import { ImageUpload, type UploadedImage } from '../../components/image-upload.tsx';
import { imageKeyFromUrl } from '../seeker-profile/api.ts';
import { InlineError } from './inline-error.tsx';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
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
  const f = bindField(v, set, errors);

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
      <TextField
        label={t('onboarding.fullName')}
        autoComplete="name"
        maxLength={100}
        {...f('fullName')}
      />
      <PickField
        label={t('onboarding.educationLevel')}
        list="educationLevel"
        {...f('educationLevel')}
      />
      <TextField
        label={t('onboarding.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        {...f('email')}
      />
      <PickField
        label={t('onboarding.workExperience')}
        list="workExperience"
        {...f('workExperience')}
      />
      <PickField label={t('onboarding.noticePeriod')} list="noticePeriod" {...f('noticePeriod')} />
    </StepForm>
  );
}
