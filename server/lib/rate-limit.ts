import type { Queryable } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface Window {
  bucket: string;
  key: string;
  limit: number;
  seconds: number;
  /** Catalogue key of the message a person sees when over the limit. */
  message: string;
}

/**
 * Throws 429 (with Retry-After) when `key` already has `limit` events in the last `seconds`.
 * Must run inside the transaction that then records the event, under a lock on the key, so two
 * concurrent requests cannot both take the last slot.
 */
export async function assertUnderLimit(q: Queryable, w: Window): Promise<void> {
  const [row] = await q.query<{ n: number; retry: number | null }>(
    `SELECT count(*)::int AS n,
            EXTRACT(EPOCH FROM (min(at) + make_interval(secs => $3) - now()))::float8 AS retry
       FROM (SELECT at FROM rate_events
              WHERE bucket = $1 AND key = $2 AND at > now() - make_interval(secs => $3)
              ORDER BY at DESC LIMIT $4) recent`,
    [w.bucket, w.key, w.seconds, w.limit],
  );
  if (row && row.n >= w.limit) throw tooManyRequests(w.message, row.retry ?? w.seconds);
}

export async function recordEvent(q: Queryable, bucket: string, key: string): Promise<void> {
  await q.query('INSERT INTO rate_events (bucket, key) VALUES ($1, $2)', [bucket, key]);
}

/** Serialises work on one key across requests and server instances (PostgreSQL advisory lock). */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/** Old events only cost space; anything older than the longest window (a day) can go. */
export async function pruneEvents(q: Queryable): Promise<void> {
  await q.query("DELETE FROM rate_events WHERE at < now() - interval '2 days'");
  await q.query("DELETE FROM one_time_codes WHERE created_at < now() - interval '2 days'");
  await q.query("DELETE FROM sessions WHERE expires_at < now() - interval '1 day'");
}
