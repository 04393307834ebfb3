import { z } from 'zod';
import { msg } from '../i18n/messages.ts';
import { normalizePhone } from '../phone.ts';
import { isLoginCode } from '../login-code.ts';
import { USER_ROLES } from '../picklists.ts';
import { LANGUAGES } from '../i18n/languages.ts';

/** Accepts the ways people type an Indian mobile number and yields +91XXXXXXXXXX. */
export const phoneSchema = z
  .string({ error: () => msg('login.invalidPhone') })
  .max(32, { error: () => msg('login.invalidPhone') })
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: msg('login.invalidPhone') });
      return z.NEVER;
    }
    return phone;
  });

export const loginCodeSchema = z
  .string({ error: () => msg('login.invalidCode') })
  .refine(isLoginCode, { error: () => msg('login.invalidCode') });

export const requestCodeBody = z.object({ phone: phoneSchema });
export const verifyCodeBody = z.object({ phone: phoneSchema, code: loginCodeSchema });

export const requestCodeResponse = z.object({
  phone: z.string(),
  expiresInSeconds: z.number(),
  resendAfterSeconds: z.number(),
});

export const userRoleSchema = z.enum(USER_ROLES, { error: () => msg('role.failed') });

export const meSchema = z.object({
  id: z.string(),
  phone: z.string(),
  /** 'admin' (moderators) is made from the command line only; nobody can choose it. */
  role: z.enum([...USER_ROLES, 'admin']).nullable(),
  isOnboarded: z.boolean(),
  onboardingStep: z.number().int(),
  fullName: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** The language they chose (decision 026); null until one is chosen or guessed. */
  language: z.enum(LANGUAGES).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const meResponse = z.object({ user: meSchema });

/** A signed-in device of mine (Settings, "Signed-in devices"): no token, only what tells it apart. */
export const sessionView = z.object({
  /** Opaque: the start of the session's stored hash, never the token. */
  id: z.string(),
  createdAt: z.string(),
  /** The browser's own description of itself, as it sent it at sign-in (may be absent). */
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;
export const sessionList = z.object({ sessions: z.array(sessionView) });
export const setRoleBody = z.object({ role: userRoleSchema });
export const setLanguageBody = z.object({
  language: z.enum(LANGUAGES, { error: () => msg('language.invalid') }),
});

export const apiErrorSchema = z.object({
  error: z.object({
    /** The error's catalogue key ('errors.badRequest' for every validation failure). */
    code: z.string(),
    /** The message in the request's language (the user's, else Accept-Language). */
    message: z.string(),
    /** The catalogue key of `message` itself, and its variables (decision 026). */
    key: z.string(),
    vars: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
