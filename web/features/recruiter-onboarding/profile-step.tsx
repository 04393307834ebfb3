import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { recruiterProfileStep } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { PickButtons } from '../../components/pick-buttons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { useRecruiterProfile } from '../recruiter-profile/api.ts';
import { saveProfileStep } from './api.ts';
import { invalidFields } from './invalid-fields.ts';
import { useStepDone } from './use-step-done.ts';

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
      {isPending ? <Spinner /> : <ProfileForm initial={profile ?? null} />}
    </OnboardingLayout>
  );
}

function ProfileForm({ initial }: { initial: RecruiterProfileView | null }) {
  const { t } = useTranslation();
  const { done } = useStepDone();
  const [photoKey, setPhotoKey] = useState<string | null>(null);
  const [photoUrl, setPhotoUrl] = useState(initial?.profileImage ?? null);
  const [fullName, setFullName] = useState(initial?.fullName ?? '');
  const [gender, setGender] = useState<string | null>(initial?.gender ?? null);
  const [companyName, setCompanyName] = useState(initial?.companyName ?? '');
  const [designation, setDesignation] = useState(initial?.designation ?? '');
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = recruiterProfileStep.safeParse({
      profileImage: photoKey,
      fullName,
      gender,
      companyName,
      designation,
    });
    if (!parsed.success) {
      setInvalid(invalidFields(parsed.error));
      toast.error(parsed.error.issues[0]?.message ?? t('onboarding.saveProfileFailed'));
      return;
    }
    setInvalid(new Set());
    setSaving(true);
    try {
      await done(await saveProfileStep(parsed.data));
    } catch (err) {
      toast.error(errorMessage(err, t('onboarding.saveProfileFailed')));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
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
      <Field label={t('onboarding.fullName')}>
        {(props) => (
          <input
            {...props}
            aria-invalid={invalid.has('fullName')}
            autoComplete="name"
            maxLength={100}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700">{t('onboarding.gender')}</span>
        <PickButtons
          list="gender"
          label={t('onboarding.gender')}
          value={gender}
          onChange={setGender}
        />
      </div>
      <Field label={t('onboarding.companyName')}>
        {(props) => (
          <input
            {...props}
            aria-invalid={invalid.has('companyName')}
            autoComplete="organization"
            maxLength={150}
            value={companyName}
            onChange={(e) => setCompanyName(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t('onboarding.designation')}>
        {(props) => (
          <input
            {...props}
            autoComplete="organization-title"
            maxLength={100}
            value={designation}
            onChange={(e) => setDesignation(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" disabled={saving} className="mt-2">
        {saving ? t('onboarding.saving') : t('onboarding.saveNext')}
      </Button>
    </form>
  );
}
