// Scam shield (issue 12, decisions.md "Scam shield"): pure rules over chat messages and job posts
// in English, Hindi (Devanagari) and Hinglish. The server stores the codes as a message's
// `warnings` and as a held job's `moderation.reasons`. How a text is read: normalize.ts; how a
// rule is applied: engine.ts; the rules, one file per code: rules/*.ts.

import { firstHit, prepare, type ShieldRule } from './engine.ts';
import { offPlatform } from './rules/off-platform.ts';
import { paymentRequest } from './rules/payment-request.ts';
import { personalData } from './rules/personal-data.ts';
import { taskScam } from './rules/task-scam.ts';
import { tooGood, tooGoodSalary } from './rules/too-good.ts';
import { SHIELD_CODES, type ShieldCode, type ShieldJob } from './types.ts';

export { SHIELD_CODES };
export type { ShieldCode, ShieldJob };

/** Every rule, in the order of SHIELD_CODES. */
export const SHIELD_RULES: readonly ShieldRule[] = [
  paymentRequest,
  offPlatform,
  taskScam,
  personalData,
  tooGood,
];

/** Why a text was flagged: each code with the pattern that tripped it ("en.feeForPurpose"). */
export interface ShieldHit {
  code: ShieldCode;
  pattern: string;
}

function sorted(hits: ShieldHit[]): ShieldHit[] {
  const seen = new Map<ShieldCode, ShieldHit>();
  for (const hit of hits) if (!seen.has(hit.code)) seen.set(hit.code, hit);
  return [...seen.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** The codes of a chat message with the pattern behind each (for moderators and the eval). */
export function explainMessage(text: string): ShieldHit[] {
  const prepared = prepare(text);
  const hits: ShieldHit[] = [];
  for (const rule of SHIELD_RULES) {
    const pattern = firstHit(rule, prepared);
    if (pattern) hits.push({ code: rule.code, pattern });
  }
  return sorted(hits);
}

/** Sorted unique shield codes of a chat message; [] when clean. */
export function scanMessage(text: string): ShieldCode[] {
  return explainMessage(text).map((hit) => hit.code);
}

/** The codes of a job post with the pattern behind each. */
export function explainJob(job: ShieldJob): ShieldHit[] {
  // One text: a demand split across fields ("Registration is compulsory." in the description,
  // "Registration: 999/- only" in the requirements) is read as the page shows it.
  const text = [job.title, job.company, job.designation, job.description, job.requirements]
    .filter((part): part is string => Boolean(part))
    .join('.\n');
  const hits = explainMessage(text);
  if (tooGoodSalary(job, prepare(text).text))
    hits.push({ code: 'too_good', pattern: 'job.salary' });
  return sorted(hits);
}

/**
 * Sorted unique shield codes of a job post; [] when clean. Salaries are in LPA; a post trips
 * `too_good` on its text or on an entry-level or part-time salary of 10 LPA and more for
 * unskilled work.
 */
export function scanJob(job: ShieldJob): ShieldCode[] {
  return explainJob(job).map((hit) => hit.code);
}
