import { LOGIN } from './limits.ts';

// The login code's rules without zod, so the login screen (on the first visit's critical path)
// checks what is typed without loading the schema library (docs/decisions/021).

/** Exactly six digits. */
export function isLoginCode(input: string): boolean {
  return new RegExp(`^\\d{${LOGIN.codeLength}}$`).test(input);
}

/** What the code input keeps of what was typed or pasted: digits only, at most 6. */
export function truncateCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, LOGIN.codeLength);
}
