import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { recruiterProfileStep } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { PickButtons } from '../../components/pick-buttons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/form-fields.tsx';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { useRecruiterProfile } from '../recruiter-profile/api.ts';
import { saveProfileStep } from './api.ts';
import { useStepSubmit } from './use-step-submit.ts';

/** Step 1: photo, full name, gender, company name, designation. */
export function ProfileStep() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useRecruiterProfile();
  return (
    <OnboardingLayout
      step={1}
      total={4}
      title={t('onboarding.recruiterProfileTitle')}
      subtitle={t('onboarding.recruiterProfileSubtitle')}
    >
      {isPending ? <CardListSkeleton /> : <ProfileForm initial={profile ?? null} />}
    </OnboardingLayout>
  );
}

function ProfileForm({ initial }: { initial: RecruiterProfileView | null }) {
  const { t } = useTranslation();
  const [photoKey, setPhotoKey] = useState<string | null>(null);
  const [photoUrl, setPhotoUrl] = useState(initial?.profileImage ?? null);
  const [fullName, setFullName] = useState(initial?.fullName ?? '');
  const [gender, setGender] = useState<string | null>(initial?.gender ?? null);
  const [companyName, setCompanyName] = useState(initial?.companyName ?? '');
  const [designation, setDesignation] = useState(initial?.designation ?? '');
  const { invalid, errors, saving, submit } = useStepSubmit(
    recruiterProfileStep,
    saveProfileStep,
    t('onboarding.saveProfileFailed'),
  );

  return (
    <form
      onSubmit={(e) =>
        submit(e, { profileImage: photoKey, fullName, gender, companyName, designation })
      }
      noValidate
      className="flex flex-col gap-5"
    >
      <ImageUpload
        purpose="avatar"
        label={t('onboarding.photo')}
        buttonLabel={photoUrl ? t('onboarding.changePhoto') : t('onboarding.uploadPhoto')}
        imageUrl={photoUrl}
        onUploaded={(img) => {
          setPhotoKey(img.key);
          setPhotoUrl(img.url);
        }}
      />
      <TextField
        label={t('onboarding.fullName')}
        invalid={invalid.has('fullName')}
        error={errors.fullName}
        autoComplete="name"
        maxLength={100}
        value={fullName}
        onChange={setFullName}
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700">{t('onboarding.gender')}</span>
        <PickButtons
          list="gender"
          label={t('onboarding.gender')}
          value={gender}
          onChange={setGender}
        />
      </div>
      <TextField
        label={t('onboarding.companyName')}
        invalid={invalid.has('companyName')}
        error={errors.companyName}
        autoComplete="organization"
        maxLength={150}
        value={companyName}
        onChange={setCompanyName}
      />
      <TextField
        label={t('onboarding.designation')}
        autoComplete="organization-title"
        maxLength={100}
        value={designation}
        onChange={setDesignation}
      />
      <Button type="submit" disabled={saving} className="mt-2">
        {saving ? t('onboarding.saving') : t('onboarding.saveNext')}
      </Button>
    </form>
  );
}
