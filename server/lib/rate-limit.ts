import type { MessageKey } from '#shared/i18n/keys.ts';
import type { Queryable } from '../db/client.ts';
import { AppError, tooManyRequests } from './errors.ts';

export interface Window {
  bucket: string;
  key: string;
  limit: number;
  seconds: number;
  /** Catalogue key of the message a person sees when over the limit. */
  message: MessageKey;
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

/**
 * "N a day": at most `limit` events in ANY `seconds` (a rolling window), counted from the events
 * themselves (`rate_events`). A token bucket cannot say this: one whose burst is N refills while
 * it is spent, so it let about 2N through in the first 24 hours (decision 028, session 23).
 * Takes one event in each window or none: throws 429 with Retry-After (when the window that is
 * full longest frees a place) and records nothing. Must run inside the transaction of the action
 * it guards: the windows' keys stay locked until it ends (two requests cannot both take the last
 * place, on any instance), and a refused or failed action takes its events away (the rollback).
 */
export async function takeFromWindows(q: Queryable, windows: Window[]): Promise<void> {
  // Locked in one order (sorted), so two actions sharing keys cannot deadlock; in a statement of
  // their own, so the count below sees what the lock's last holder committed.
  const locks = [...new Set(windows.map((w) => `rate:${w.bucket}|${w.key}`))].sort();
  await q.query(
    'SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))::int FROM unnest($1::text[]) AS k',
    [locks],
  );
  const counts = await q.query<{ n: number; retry: number | null }>(
    `SELECT r.n, EXTRACT(EPOCH FROM (r.oldest + make_interval(secs => t.seconds) - now()))::float8 AS retry
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) WITH ORDINALITY AS t(bucket, key, lim, seconds, i)
      CROSS JOIN LATERAL (
            -- The window's newest lim events: when it is full, the oldest of them frees a place.
            SELECT count(*)::int AS n, min(e.at) AS oldest
              FROM (SELECT at FROM rate_events
                     WHERE bucket = t.bucket AND key = t.key AND at > now() - make_interval(secs => t.seconds)
                     ORDER BY at DESC LIMIT t.lim) e) r
      ORDER BY t.i`,
    [
      windows.map((w) => w.bucket),
      windows.map((w) => w.key),
      windows.map((w) => w.limit),
      windows.map((w) => w.seconds),
    ],
  );
  const refused = windows
    .map((w, i) => ({ w, n: counts[i]?.n ?? 0, wait: counts[i]?.retry ?? w.seconds }))
    .filter((c) => c.n >= c.w.limit);
  if (refused.length === 0) {
    await q.query(
      'INSERT INTO rate_events (bucket, key) SELECT * FROM unnest($1::text[], $2::text[])',
      [windows.map((w) => w.bucket), windows.map((w) => w.key)],
    );
    return;
  }
  const worst = refused.reduce((a, b) => (b.wait > a.wait ? b : a));
  const error = tooManyRequests(worst.w.message, worst.wait, { limit: worst.w.limit });
  error.refused = refused.map((r) => ({ bucket: r.w.bucket, key: r.w.key }));
  throw error;
}

/** Old events only cost space; anything older than the longest window (a day) can go. */
export async function pruneEvents(q: Queryable): Promise<void> {
  await q.query("DELETE FROM rate_events WHERE at < now() - interval '2 days'");
  await q.query("DELETE FROM one_time_codes WHERE created_at < now() - interval '2 days'");
  await q.query("DELETE FROM sessions WHERE expires_at < now() - interval '1 day'");
  // A bucket whose theoretical arrival time has passed is full again: the row says nothing.
  await q.query('DELETE FROM rate_buckets WHERE tat < now()');
  // Not an event, but as cheap to forget on the same timer: a room gone half a year ago is
  // answered like any room that is not one's own.
  await q.query("DELETE FROM gone_rooms WHERE gone_at < now() - interval '180 days'");
}

/**
 * A token-bucket limit (GCRA): `limit` events per `seconds` on average, at most `burst` (default:
 * `limit`) at once. Shared by every instance: the state is one row per bucket and key.
 */
export interface Bucket {
  bucket: string;
  key: string;
  limit: number;
  seconds: number;
  burst?: number;
  /** Catalogue key of the message a person sees when over the limit (gets `{{seconds}}`). */
  message: MessageKey;
}

/**
 * Takes one token from each bucket in ONE statement, or throws 429 with Retry-After (the wait of
 * the fullest bucket). Run inside the transaction of the action it guards, a refused or failed
 * action gives its tokens back (the rollback); outside one, a refusal by one bucket still spends
 * the others' tokens, which only errs on the side of the limit.
 */
export async function takeTokens(q: Queryable, buckets: Bucket[]): Promise<void> {
  const step = buckets.map((b) => b.seconds / b.limit);
  const tolerance = buckets.map((b, i) => step[i]! * (b.burst ?? b.limit));
  // now() is fixed within the statement, so EXCLUDED.tat - now() is this bucket's step.
  const taken = await q.query<{ bucket: string; key: string }>(
    `INSERT INTO rate_buckets AS b (bucket, key, tat, tolerance)
     SELECT t.bucket, t.key, now() + make_interval(secs => t.step), t.tolerance
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) AS t(bucket, key, step, tolerance)
     ON CONFLICT (bucket, key) DO UPDATE
        SET tat = greatest(b.tat, now()) + (EXCLUDED.tat - now()), tolerance = EXCLUDED.tolerance
      WHERE greatest(b.tat, now()) + (EXCLUDED.tat - now()) <= now() + make_interval(secs => EXCLUDED.tolerance)
     RETURNING b.bucket, b.key`,
    [buckets.map((b) => b.bucket), buckets.map((b) => b.key), step, tolerance],
    'rate_take_tokens',
  );
  if (taken.length === buckets.length) return;
  const passed = new Set(taken.map((t) => `${t.bucket}|${t.key}`));
  const refused = buckets.filter((b) => !passed.has(`${b.bucket}|${b.key}`));
  // The wait until one more token fits: tat + step - tolerance - now.
  const waits = await q.query<{ wait: number }>(
    `SELECT EXTRACT(EPOCH FROM (greatest(b.tat, now()) - now()))::float8 AS wait
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(bucket, key, n)
       LEFT JOIN rate_buckets b ON b.bucket = t.bucket AND b.key = t.key ORDER BY t.n`,
    [refused.map((b) => b.bucket), refused.map((b) => b.key)],
  );
  let worst = 0;
  let wait = 0;
  refused.forEach((b, i) => {
    const w =
      (waits[i]?.wait ?? 0) + b.seconds / b.limit - (b.seconds / b.limit) * (b.burst ?? b.limit);
    if (w > wait) [worst, wait] = [i, w];
  });
  const b = refused[worst]!;
  const error = tooManyRequests(b.message, wait, { limit: b.limit });
  error.refused = refused.map((r) => ({ bucket: r.bucket, key: r.key }));
  throw error;
}

/**
 * Keeps, for the moderators, which limits an account ran into and how often. Called with the
 * database itself once the refused action's transaction is over (the error hook of app.ts, the
 * socket send), so the record survives the rollback.
 */
export async function recordRefusals(q: Queryable, err: unknown): Promise<void> {
  if (!(err instanceof AppError) || !err.refused) return;
  for (const r of err.refused) await recordEvent(q, `refused:${r.bucket}`, r.key);
}
