import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '#shared/i18n/en.ts';
import { setTranslator } from '#shared/i18n/translate.ts';

// One catalogue per language; English is the spec's exact wording. Adding Hindi or Kannada is a
// new `resources` entry, no screen changes.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

// Shared zod schemas produce their messages through the same catalogue.
setTranslator((key, vars) => i18n.t(key, vars ?? {}));

export { i18n };
