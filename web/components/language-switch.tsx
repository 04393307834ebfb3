import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { errorMessage } from '../lib/api.ts';
import { chooseLanguage, useMe } from '../lib/session.ts';
import { SectionCard } from './profile/section-card.tsx';

/**
 * English / हिन्दी (decision 026): two toggle buttons in a labelled group, each named in its own
 * language (`lang` on it, so a screen reader says it right) and `aria-pressed` on the current one.
 * In the public header and on both settings screens.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const [busy, setBusy] = useState(false);

  async function choose(language: Language) {
    if (language === i18n.language || busy) return;
    setBusy(true);
    try {
      await chooseLanguage(queryClient, language, Boolean(me));
    } catch (err) {
      toast.error(errorMessage(err, t('language.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={`inline-flex rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}
    >
      {LANGUAGES.map((language) => {
        const current = language === i18n.language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={current}
            onClick={() => void choose(language)}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium ${
              current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {t(`language.${language}`)}
          </button>
        );
      })}
    </div>
  );
}

/** The language switch as a settings card (the seeker's profile, the recruiter's settings). */
export function LanguageSettingsCard() {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('language.label')}>
      <LanguageSwitch />
    </SectionCard>
  );
}
