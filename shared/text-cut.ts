// Texts cut to a length (a push's body, a name in an SMS) are cut between graphemes: a cut by
// UTF-16 units could split an emoji's surrogate pair (a broken character in the notification) or
// leave a Hindi conjunct without its second letter ("क्" of "क्ष").
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` if it has at most `max` UTF-16 units; else its longest start of whole graphemes that,
 * with `ellipsis` after it, fits in `max`.
 */
export function cutText(text: string, max: number, ellipsis = ''): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length + ellipsis.length > max) break;
    kept += segment;
  }
  return kept + ellipsis;
}
