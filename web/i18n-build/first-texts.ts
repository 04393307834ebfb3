import type { Plugin } from 'vite';
import { en } from '../../shared/i18n/en.ts';
import { hi } from '../../shared/i18n/hi.ts';

// The texts of the first screens (/, /login, /register, the shell around every screen), as the
// virtual module `virtual:first-texts`. The web app starts with these and loads the whole
// catalogue (shared/i18n/en.ts, 10 KB gzipped) with the first other screen, keeping it off the
// first visit (docs/decisions/021). Built from en.ts itself, so the texts exist once.
// `virtual:first-texts/hi` holds the same namespaces of hi.ts: a Hindi visitor's first screens
// start with those (2.7 KB gzipped) rather than the whole Hindi catalogue (20 KB), which comes
// with the first other screen like the English one (session 22).
export const FIRST_SCREEN_NAMESPACES = [
  'brand',
  'landing',
  'header',
  'nav',
  'login',
  'common',
  'errors',
  'errorScreen',
  'session',
  'unread',
  'access',
  'limits',
  'language',
] as const satisfies readonly (keyof typeof en)[];

const ID = 'virtual:first-texts';
const CATALOGUES = { [ID]: en, [`${ID}/hi`]: hi } as const;

export function firstTexts(): Plugin {
  return {
    name: 'nearhire-first-texts',
    resolveId: (id) => (id in CATALOGUES ? `\0${id}` : undefined),
    load(id) {
      const catalogue = id.startsWith('\0')
        ? CATALOGUES[id.slice(1) as keyof typeof CATALOGUES]
        : undefined;
      if (!catalogue) return undefined;
      const picked = Object.fromEntries(FIRST_SCREEN_NAMESPACES.map((ns) => [ns, catalogue[ns]]));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
