/** Only the fields whose value differs from what was loaded (arrays compared by content). */
export function changedFields<T extends Record<string, unknown>>(
  initial: T,
  current: T,
): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    if (JSON.stringify(initial[key]) !== JSON.stringify(current[key])) out[key] = current[key];
  }
  return out;
}
