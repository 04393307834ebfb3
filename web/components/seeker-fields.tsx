import { useTranslation } from '#web/lib/i18n.ts';
import { INTRODUCTION_MAX } from '#shared/limits.ts';
import { ChipsField, TextAreaField, type Bound } from './form-fields.tsx';

// The seeker profile's fields that onboarding and both profile editors share, so their labels,
// limits and counters cannot drift apart.

export function SkillsField(bound: Bound<string[]>) {
  const { t } = useTranslation();
  return (
    <ChipsField
      {...bound}
      label={t('profile.skills')}
      max={30}
      fullHint={t('profile.tooManySkills')}
      placeholder={t('profile.skillPlaceholder')}
      addLabel={t('profile.addSkill')}
      removeLabel={(skill) => t('profile.removeSkill', { skill })}
    />
  );
}

export function LanguagesField(bound: Bound<string[]>) {
  const { t } = useTranslation();
  return (
    <ChipsField
      {...bound}
      label={t('onboarding.languages')}
      max={10}
      fullHint={t('onboarding.tooManyLanguages')}
      placeholder={t('onboarding.languagePlaceholder')}
      addLabel={t('onboarding.addLanguage')}
      removeLabel={(language) => t('onboarding.removeLanguage', { language })}
    />
  );
}

/** The introduction, with the live counter of the spec (at most 500 characters). */
export function IntroductionField({
  rows = 6,
  placeholder,
  ...bound
}: Bound<string> & { rows?: number; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      {...bound}
      label={t('onboarding.introLabel')}
      maxLength={INTRODUCTION_MAX}
      rows={rows}
      placeholder={placeholder}
      counter={(count) => t('onboarding.charCount', { count, max: INTRODUCTION_MAX })}
    />
  );
}
