import type { JobSide } from '#shared/matching.ts';
import type { JobCardView, JobView } from '#shared/schemas/jobs.ts';
import { replyRateOf } from '#shared/reply-rate.ts';
import { mediaUrl } from '../../lib/media-url.ts';

// The columns a job card needs (the seeker's feed): the job and its recruiter card. The
// recruiter's reply rate comes from the worker's stats (decision 011): every FROM that uses these
// columns has `LEFT JOIN recruiter_reply_stats rrs ON rrs.recruiter_id = j.recruiter_id`.
export const CARD_COLUMNS = `
  j.id, j.title, j.company, j.location, j.city_id, j.type, j.level, j.job_category, j.min_salary, j.max_salary,
  j.status, to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  j.recruiter_id, rp.full_name AS r_name, rp.designation AS r_designation, rp.profile_image AS r_image,
  rp.company_logo AS r_logo, COALESCE(rp.is_verified, false) AS r_verified,
  CASE WHEN rp.is_verified THEN rp.verified_domain END AS r_domain, rp.gstin IS NOT NULL AS r_gst,
  rrs.conversations AS rr_conversations, rrs.replied AS rr_replied, rrs.median_reply_seconds AS rr_median`;

// The columns every whole job view needs: the card's, the texts, the moderation state and the
// application count (rooms of the job, counted by index, one subquery per returned row only).
export const JOB_COLUMNS = `${CARD_COLUMNS},
  j.description, j.requirements, j.moderation_state, j.moderation_reasons,
  (SELECT count(*)::int FROM chat_rooms cr WHERE cr.job_id = j.id) AS applications`;

export type JobRow = Record<string, unknown>;

export function presentCard(r: JobRow, match: JobView['match'] = null): JobCardView {
  return {
    id: r.id as string,
    title: r.title as string,
    company: r.company as string,
    location: r.location as string,
    cityId: (r.city_id as number | null) ?? null,
    type: r.type as string,
    level: r.level as string,
    jobCategory: r.job_category as string,
    minSalary: (r.min_salary as number | null) ?? null,
    maxSalary: (r.max_salary as number | null) ?? null,
    status: r.status as 'open' | 'closed',
    createdAt: r.created_at as string,
    recruiter: {
      id: r.recruiter_id as string,
      fullName: (r.r_name as string | null) ?? null,
      designation: (r.r_designation as string | null) ?? null,
      profileImage: mediaUrl(r.r_image as string | null),
      companyLogo: mediaUrl(r.r_logo as string | null),
      isVerified: Boolean(r.r_verified),
      verifiedDomain: (r.r_domain as string | null) ?? null,
      gstRegistered: Boolean(r.r_gst),
      isOnline: false,
      replyRate: replyRateOf(
        Number(r.rr_conversations ?? 0),
        Number(r.rr_replied ?? 0),
        (r.rr_median as number | null) ?? null,
      ),
    },
    match,
  };
}

/** What the explainable score reads of a job row (with its city's `j_lat`, `j_lon`). */
export function jobSideOf(r: JobRow): JobSide {
  return {
    jobCategory: r.job_category as string,
    type: r.type as string,
    level: r.level as string,
    minSalary: (r.min_salary as number | null) ?? null,
    maxSalary: (r.max_salary as number | null) ?? null,
    remote: r.city_id === null,
    lat: (r.j_lat as number | null) ?? null,
    lon: (r.j_lon as number | null) ?? null,
  };
}

export function presentJob(r: JobRow, match: JobView['match'] = null): JobView {
  return {
    ...presentCard(r, match),
    description: r.description as string,
    requirements: (r.requirements as string | null) ?? null,
    applications: Number(r.applications ?? 0),
    moderation: presentModeration(r),
  };
}

/** A moderator's 'hidden' reads as held to its owner, with the moderator as the reason. */
function presentModeration(r: JobRow): JobView['moderation'] {
  const state = r.moderation_state as string | undefined;
  const reasons = (r.moderation_reasons as string[] | null) ?? [];
  if (state === 'hidden')
    return { state: 'held', reasons: [...new Set([...reasons, 'moderator'])] };
  return {
    state: state === 'held' ? 'held' : 'published',
    reasons: state === 'held' ? reasons : [],
  };
}
