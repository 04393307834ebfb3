import { DEFAULT_LANGUAGE, type Language } from './i18n/languages.ts';

/** The public first screens served as prerendered HTML (scripts/prerender.ts, server/app.ts). */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing.html',
  '/login': 'login.html',
  '/register': 'register.html',
};

/**
 * The file of a prerendered page in a language: `login.html` in English, `login.hi.html` in
 * Hindi (each page is prerendered in every language, decision 026).
 */
export const prerenderedFile = (file: string, language: Language): string =>
  language === DEFAULT_LANGUAGE ? file : file.replace(/\.html$/, `.${language}.html`);
