// What every text a person sends us goes through, over HTTP (plugins/errors.ts hooks) and over
// the chat socket (chat/socket-send.ts) alike.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Invisible characters with no use in a name, a title or a message: zero-width space, word
 * joiner, byte-order mark, and the direction marks and overrides (U+202E turns "Asha" into a
 * name that reads backwards to the recruiter: a spoofing trick). Zero-width joiner and non-joiner
 * (U+200C, U+200D) stay: Devanagari and emoji need them.
 */
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Whether any string inside a parsed JSON value (keys included) holds a control character. */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasControlCharacter(v, depth + 1));
  return Object.entries(value).some(
    ([k, v]) => CONTROL.test(k) || hasControlCharacter(v, depth + 1),
  );
}

/**
 * The value with the invisible characters taken out of every string in it (before validation,
 * so that a message of zero-width spaces is empty, and a name cannot carry an override). Every
 * request goes through it: the same value comes back, not a copy, when there was nothing to take
 * out (almost always).
 */
export function withoutInvisible<T>(value: T, depth = 0): T {
  if (typeof value === 'string') {
    INVISIBLE.lastIndex = 0;
    return (INVISIBLE.test(value) ? value.replace(INVISIBLE, '') : value) as T;
  }
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value))
    return value;
  if (Array.isArray(value)) {
    const items = value.map((v: unknown) => withoutInvisible(v, depth + 1));
    return (items.some((v, i) => v !== value[i]) ? items : value) as T;
  }
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    const clean = withoutInvisible(v, depth + 1);
    if (clean !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = clean;
  }
  return (out ?? value) as T;
}
