import type { Plugin } from 'vite';
import { en } from '../../shared/i18n/en.ts';

// The texts of the first screens (/, /login, /register, the shell around every screen), as the
// virtual module `virtual:first-texts`. The web app starts with these and loads the whole
// catalogue (shared/i18n/en.ts, 10 KB gzipped) with the first other screen, keeping it off the
// first visit (docs/decisions/021). Built from en.ts itself, so the texts exist once.
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

export function firstTexts(): Plugin {
  return {
    name: 'nearhire-first-texts',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const picked = Object.fromEntries(FIRST_SCREEN_NAMESPACES.map((ns) => [ns, en[ns]]));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
