import type { z } from 'zod';
import { toast } from '#web/lib/toast.ts';

/** One message per field, keyed by the field's name (the first segment of the issue path). */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors; first: string };

/**
 * Checks form values with the same shared schema the server uses, so the browser shows the
 * schema's own message (inline under the field and as a toast) before anything is sent.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors = fieldErrors(result.error.issues);
  return { ok: false, errors, first: result.error.issues[0]?.message ?? '' };
}

/** The first message of each top-level field a failed parse names. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * THE way a form says a submit was refused (decision 022): each field's message under the field
 * (the form passes `errors[key]` to its `Field`, which sets aria-invalid and aria-describedby)
 * and one message in a toast, for people who look at the top of the screen first.
 */
export function refuse(
  show: (errors: FieldErrors) => void,
  errors: FieldErrors,
  message: string | undefined,
): void {
  show(errors);
  const text = message ?? Object.values(errors).find(Boolean);
  if (text) toast.error(text);
}

/**
 * Form inputs hold '' for "nothing yet"; the schemas expect the field to be missing then (so a
 * coerced number does not read '' as 0 and the required message is the one shown).
 */
export function withoutBlanks<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (value === '' || value === null || value === undefined) continue;
    out[key] = value;
  }
  return out;
}
