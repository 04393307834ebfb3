import type { TFunction } from '#web/lib/i18n.ts';

/** "Sales Executive at Acme", or whichever half is known, or null. */
export function workLine(
  t: TFunction,
  title: string | null | undefined,
  company: string | null | undefined,
): string | null {
  if (title && company) return t('profile.titleAt', { title, company });
  return title || company || null;
}
