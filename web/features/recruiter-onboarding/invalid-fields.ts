import type { z } from 'zod';

/** The top-level fields a failed parse complains about (to mark them aria-invalid). */
export function invalidFields(error: z.ZodError): ReadonlySet<string> {
  return new Set(error.issues.map((i) => String(i.path[0])));
}
