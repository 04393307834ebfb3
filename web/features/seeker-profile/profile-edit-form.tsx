import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { PickField, TextField } from '../../components/form-fields.tsx';
import { SectionCard } from '../../components/profile/section-card.tsx';
import { IntroductionField, LanguagesField, SkillsField } from '../../components/seeker-fields.tsx';
import { PhotoField } from './photo-field.tsx';
import { profileValues } from './profile-values.ts';
import { useProfileEditor } from './use-profile-editor.ts';
import { TOASTS_BELOW } from '#web/lib/toast.ts';

/** Edit mode of /candidate-profile: the seeker's own details, saved with only what changed. */
export function ProfileEditForm({
  profile,
  onClose,
}: {
  profile: SeekerProfileView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { set, field: f, saving, save } = useProfileEditor(() => profileValues(profile), onClose);

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div
        {...TOASTS_BELOW}
        className="sticky top-[53px] z-[5] -mx-4 flex items-center justify-end gap-2 bg-white/95 px-4 py-2 backdrop-blur"
      >
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>

      <SectionCard title={t('profile.personal')}>
        <div className="flex flex-col gap-4">
          <PhotoField profile={profile} onChange={(key) => set('profileImage', key)} />
          <TextField label={t('onboarding.fullName')} maxLength={100} {...f('fullName')} />
          <TextField label={t('onboarding.email')} type="email" maxLength={254} {...f('email')} />
          <PickField
            label={t('onboarding.noticePeriod')}
            list="noticePeriod"
            {...f('noticePeriod')}
          />
          <PickField
            label={t('onboarding.workExperience')}
            list="workExperience"
            {...f('workExperience')}
          />
        </div>
      </SectionCard>

      <SectionCard title={t('profile.about')}>
        <IntroductionField {...f('introduction')} />
      </SectionCard>

      <SectionCard title={t('profile.currentWork')}>
        <div className="flex flex-col gap-4">
          <TextField label={t('onboarding.jobTitle')} maxLength={100} {...f('jobTitle')} />
          <TextField label={t('onboarding.companyName')} maxLength={150} {...f('companyName')} />
        </div>
      </SectionCard>

      <SectionCard title={t('profile.education')}>
        <div className="flex flex-col gap-4">
          <PickField
            label={t('onboarding.educationLevel')}
            list="educationLevel"
            {...f('educationLevel')}
          />
          <TextField label={t('onboarding.collegeName')} maxLength={150} {...f('collegeName')} />
          <PickField label={t('onboarding.degree')} list="degree" {...f('degree')} />
          <TextField label={t('onboarding.fieldOfStudy')} maxLength={100} {...f('fieldOfStudy')} />
        </div>
      </SectionCard>

      <SectionCard title={t('profile.skills')}>
        <SkillsField {...f('skills')} />
      </SectionCard>

      <SectionCard title={t('profile.languages')}>
        <LanguagesField {...f('languages')} />
      </SectionCard>
    </form>
  );
}
