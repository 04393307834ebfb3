import { formatDateTime } from '../../lib/dates.ts';

/** A moment in the moderation queue: date and time in the reader's language (lib/dates.ts). */
export function when(iso: string, language: string): string {
  return formatDateTime(iso, language);
}
