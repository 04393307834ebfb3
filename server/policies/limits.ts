import { PUBLIC_PAGES, TRUST_LIMITS } from '#shared/limits.ts';
import type { Bucket, Window } from '../lib/rate-limit.ts';
import { clientNetwork } from '../lib/client-network.ts';

// The limits of shared/limits.ts TRUST_LIMITS for each guarded action: one per account and one
// per client network (a second line of defence against many fresh accounts on one network; an
// IPv6 address counts as its /64, `clientNetwork`). "N a day" is a rolling window
// (`takeFromWindows`: at most N in any 24 hours); a rate with bursts (messages, uploads, public
// reads) is a token bucket (`takeTokens`).
const DAY = 24 * 3600;
const tier = (t: { verified: number; unverified: number }, verified: boolean) =>
  verified ? t.verified : t.unverified;

export function candidateViewWindows(recruiterId: string, verified: boolean, ip: string): Window[] {
  const l = TRUST_LIMITS.candidateViews;
  const message = 'limits.candidateViews';
  return [
    { bucket: 'candidate-view', key: recruiterId, limit: tier(l, verified), seconds: DAY, message },
    {
      bucket: 'candidate-view-ip',
      key: clientNetwork(ip),
      limit: l.perIpPerDay,
      seconds: DAY,
      message,
    },
  ];
}

export function resumeLinkWindows(recruiterId: string, verified: boolean, ip: string): Window[] {
  const l = TRUST_LIMITS.resumeLinks;
  const message = 'limits.resumeLinks';
  return [
    { bucket: 'resume-link', key: recruiterId, limit: tier(l, verified), seconds: DAY, message },
    {
      bucket: 'resume-link-ip',
      key: clientNetwork(ip),
      limit: l.perIpPerDay,
      seconds: DAY,
      message,
    },
  ];
}

export function newConversationWindows(
  recruiterId: string,
  verified: boolean,
  ip: string,
): Window[] {
  const l = TRUST_LIMITS.newConversations;
  const message = 'limits.newConversations';
  return [
    { bucket: 'new-room', key: recruiterId, limit: tier(l, verified), seconds: DAY, message },
    { bucket: 'new-room-ip', key: clientNetwork(ip), limit: l.perIpPerDay, seconds: DAY, message },
  ];
}

export function seekerConversationWindows(seekerId: string, ip: string): Window[] {
  const l = TRUST_LIMITS.seekerConversations;
  const message = 'limits.seekerConversations';
  return [
    { bucket: 'seeker-room', key: seekerId, limit: l.perDay, seconds: DAY, message },
    {
      bucket: 'seeker-room-ip',
      key: clientNetwork(ip),
      limit: l.perIpPerDay,
      seconds: DAY,
      message,
    },
  ];
}

export function messageBuckets(userId: string, ip: string): Bucket[] {
  const l = TRUST_LIMITS.messages;
  const message = 'limits.messages';
  return [
    { bucket: 'message', key: userId, limit: l.perMinute, burst: l.burst, seconds: 60, message },
    { bucket: 'message-ip', key: clientNetwork(ip), limit: l.perIpPerMinute, seconds: 60, message },
  ];
}

/** Uploads of images and resumes (each is decoded, re-encoded and stored). */
export function uploadBuckets(userId: string, ip: string): Bucket[] {
  const l = TRUST_LIMITS.uploads;
  const message = 'limits.uploads';
  const HOUR = 3600;
  return [
    { bucket: 'upload', key: userId, limit: l.perHour, burst: l.burst, seconds: HOUR, message },
    { bucket: 'upload-ip', key: clientNetwork(ip), limit: l.perIpPerHour, seconds: HOUR, message },
  ];
}

/** Reads of the public pages' API and sitemaps (decision 027): per client address only. */
export function publicReadBuckets(ip: string): Bucket[] {
  return [
    {
      bucket: 'public-read-ip',
      key: clientNetwork(ip),
      limit: PUBLIC_PAGES.readsPerIpPerMinute,
      burst: PUBLIC_PAGES.readsBurst,
      seconds: 60,
      message: 'public.tooManyRequests',
    },
  ];
}

/** Reports one user files a day (a report queue is not a way to harass). */
export function reportWindows(userId: string): Window[] {
  return [
    {
      bucket: 'report',
      key: userId,
      limit: TRUST_LIMITS.reportsPerDay,
      seconds: DAY,
      message: 'limits.reports',
    },
  ];
}
