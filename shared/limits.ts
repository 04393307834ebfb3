// Numbers that are rules, in one place. Login numbers come from decisions.md "Login".
export const LOGIN = {
  codeLength: 6,
  codeTtlSeconds: 5 * 60,
  maxWrongTriesPerCode: 5,
  maxFailuresPerPhonePerDay: 10,
  resendCooldownSeconds: 30,
  maxCodesPerPhonePerHour: 5,
  maxCodesPerPhonePerDay: 10,
  maxCodesPerIpPerHour: 30,
  maxFailuresPerIpPerHour: 60,
} as const;

export const SESSION = {
  ttlDays: 30,
  cookieName: 'sid',
} as const;

export const PAGE_SIZE = 20;
export const INTRODUCTION_MAX = 500;
export const ONBOARDING_STEPS = { recruiter: 4, user: 6 } as const;
export const TOAST = { durationMs: 4000, visible: 3 } as const;
