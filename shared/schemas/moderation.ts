import { z } from 'zod';
import { m, optionalText, tooLong } from './common.ts';
import { REPORT_REASONS } from '../report-reasons.ts';

// Report, block and moderation (issue 12; decisions.md "Moderation"). Texts in the catalogue's
// `moderation` namespace.

/**
 * `POST /api/reports`: about a person (`userId`: a recruiter or a seeker one has dealt with), a
 * job (`jobId`) or a chat message (`messageId`, in a room of one's own). At least one.
 */
export const reportBody = z
  .object({
    reason: z.enum(REPORT_REASONS, m('moderation.pickReason')),
    details: optionalText(1000),
    userId: z.uuid(m('errors.badRequest')).optional(),
    jobId: z.uuid(m('errors.badRequest')).optional(),
    messageId: z.number().int().positive().optional(),
  })
  .strict()
  .refine((v) => v.userId || v.jobId || v.messageId, m('moderation.reportWhat'));

export const reportAnswer = z.object({ report: z.object({ id: z.string() }) });

/** `POST /api/blocks`; undone by `DELETE /api/blocks/:userId`. */
export const blockBody = z.object({ userId: z.uuid(m('errors.badRequest')) }).strict();

/** `GET /api/blocks`: the people I blocked (settings, to undo). */
export const blockedList = z.object({
  blocked: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      companyName: z.string().nullable(),
      blockedAt: z.string(),
    }),
  ),
});

export const MODERATION_ACTIONS = [
  'dismiss',
  'publish_job',
  'hide_job',
  'close_job',
  'suspend',
  'restore',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * `POST /api/admin/actions` (moderators only): what to do, why, and on what — the report it
 * settles (`reportId`), the job (`jobId`: publish, hide, close) or the account (`userId`: suspend,
 * restore). Every action is recorded with who, when and why.
 */
export const moderationActionBody = z
  .object({
    action: z.enum(MODERATION_ACTIONS, m('errors.badRequest')),
    reason: z
      .string(m('moderation.reasonRequired'))
      .trim()
      .min(1, m('moderation.reasonRequired'))
      .max(1000, tooLong(1000)),
    reportId: z.uuid().optional(),
    jobId: z.uuid().optional(),
    userId: z.uuid().optional(),
  })
  .strict();

/** What the history of a job or account shows: moderators' actions, and the server's own. */
export const RECORDED_ACTIONS = [
  ...MODERATION_ACTIONS,
  // The verified mark taken away by the start's re-check under a newer rule (no moderator).
  'unverify',
] as const;

const actionRecord = z.object({
  action: z.enum(RECORDED_ACTIONS),
  reason: z.string(),
  adminName: z.string().nullable(),
  at: z.string(),
});

/** One item of the moderation queue with its context. */
export const queueItem = z.object({
  /** A report (by a user, or the scam shield's flag on a message), or a held job. */
  kind: z.enum(['report', 'held_job']),
  id: z.string(),
  createdAt: z.string(),
  reason: z.string().nullable(),
  details: z.string().nullable(),
  reporter: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  job: z
    .object({
      id: z.string(),
      title: z.string(),
      company: z.string(),
      status: z.enum(['open', 'closed']),
      moderation: z.object({ state: z.enum(['published', 'held']), reasons: z.array(z.string()) }),
      description: z.string(),
    })
    .nullable(),
  /** The account concerned: who they are, their history and the limits they hit. */
  account: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      role: z.string().nullable(),
      companyName: z.string().nullable(),
      createdAt: z.string(),
      suspended: z.boolean(),
      held: z.boolean(),
      openReports: z.number(),
      totalReports: z.number(),
      jobs: z.number(),
      conversations: z.number(),
      limitsHit: z.array(z.object({ limit: z.string(), times: z.number() })),
    })
    .nullable(),
  /** The reported message and the few before it in its room. */
  messages: z.array(
    z.object({
      id: z.number(),
      senderName: z.string().nullable(),
      message: z.string(),
      warnings: z.array(z.string()),
      sentAt: z.string(),
      reported: z.boolean(),
    }),
  ),
  /** What moderators did on this job or account before. */
  history: z.array(actionRecord),
});
export type QueueItem = z.infer<typeof queueItem>;

export const queueAnswer = z.object({ items: z.array(queueItem) });
