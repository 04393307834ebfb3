// Scam shield (issue 12, decisions.md "Scam shield"): pure rules over chat messages and job posts
// in English, Hindi (Devanagari) and Hinglish. The server stores the codes as a message's
// `warnings` and as a held job's `moderation.reasons`.

import { SHIELD_CODES, type ShieldCode, type ShieldJob } from './types.ts';

export { SHIELD_CODES };
export type { ShieldCode, ShieldJob };

/** Sorted unique shield codes of a chat message; [] when clean. */
export function scanMessage(text: string): ShieldCode[] {
  void text;
  return [];
}

/** Sorted unique shield codes of a job post; [] when clean. */
export function scanJob(job: ShieldJob): ShieldCode[] {
  void job;
  return [];
}
