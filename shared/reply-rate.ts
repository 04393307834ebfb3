// Anti-ghosting (decisions.md, decision 011): a recruiter's reply rate and usual first-reply time,
// and the auto-close of conversations nobody answered. The numbers live here, once; the server's
// SQL and the badge read them.

export const REPLY_RATE = {
  /** Conversations counted: started by a seeker within this many days. */
  windowDays: 30,
  /** Below this many conversations in the window, no badge (too few to say anything). */
  minConversations: 5,
  /** A seeker-started conversation without a recruiter reply for this long closes. */
  autoCloseDays: 7,
} as const;

export interface ReplyRate {
  /** Share of the conversations that got a recruiter reply, 0-100, rounded. */
  rate: number;
  /** Median time to the first reply among the answered ones, in minutes; null when none was. */
  medianMinutes: number | null;
}

/** The badge's numbers from the stored counts; null under the minimum number of conversations. */
export function replyRateOf(
  conversations: number,
  replied: number,
  medianSeconds: number | null,
): ReplyRate | null {
  if (!(conversations >= REPLY_RATE.minConversations)) return null;
  return {
    rate: Math.round((100 * Math.min(replied, conversations)) / conversations),
    medianMinutes:
      replied > 0 && medianSeconds !== null ? Math.max(1, Math.round(medianSeconds / 60)) : null,
  };
}

/**
 * How the usual reply time is said: minutes under an hour, hours up to a day, days beyond. Rounded
 * up, because the badge says "within": 61 minutes is "within 2 h", 25 hours "within 2 days".
 */
export function replyTime(medianMinutes: number): {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
} {
  const minutes = Math.max(1, Math.ceil(medianMinutes));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes <= 24 * 60) return { unit: 'hours', count: Math.ceil(minutes / 60) };
  return { unit: 'days', count: Math.ceil(minutes / (24 * 60)) };
}
