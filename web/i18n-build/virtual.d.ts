declare module 'virtual:first-texts' {
  import type { Catalogue } from '#shared/i18n/translate.ts';
  const texts: Catalogue;
  export default texts;
}

declare module 'virtual:first-texts/hi' {
  import type { Catalogue } from '#shared/i18n/translate.ts';
  const texts: Catalogue;
  export default texts;
}
