import { appLocale } from './dates.ts';
import { numberFormat } from './intl-cache.ts';

/** An amount in lakhs per annum as Indians write it ("12.5", "1,20,000"), in the app's language. */
export function formatLpa(value: number, language: string): string {
  return numberFormat(appLocale(language), { maximumFractionDigits: 2 }).format(value);
}
