import { formatIsoDay, systemMessageText } from '#shared/chat-system-text.ts';
import { textIn } from '#shared/i18n/texts.ts';
import type { Language } from '#shared/i18n/languages.ts';

/**
 * A message's words for one reader: an automatic message (a status change, an interview, a resume
 * request, a 7-day close) in the reader's language, from its kind and meta; a person's message
 * as they wrote it; the stored (English) text when the meta says too little. The chat lists'
 * previews and the push notifications say it so (decision 026).
 */
export function messageTextIn(
  language: Language,
  m: { kind: string | null; meta: unknown; message: string | null },
): string | null {
  if (!m.kind || m.kind === 'text') return m.message;
  const meta = (typeof m.meta === 'string' ? JSON.parse(m.meta) : m.meta) as Record<
    string,
    unknown
  > | null;
  return (
    systemMessageText(
      { kind: m.kind, meta },
      (key, vars) => textIn(language, key, vars),
      (day) => formatIsoDay(day, `${language}-IN`),
    ) ?? m.message
  );
}
