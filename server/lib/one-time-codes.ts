import type { Db, Queryable } from '../db/client.ts';
import { clientNetwork } from './client-network.ts';
import { LOGIN } from '#shared/limits.ts';
import { hashCode, randomDigits, sameHash } from './crypto.ts';
import { assertUnderLimit, lockKey, recordEvent, type Window } from './rate-limit.ts';
import { AppError, badRequest, tooManyRequests } from './errors.ts';
import type { Metrics } from '../plugins/metrics.ts';

// Six-digit codes for login (SMS) and company e-mail verification, with the rules of
// decisions.md "Login": cryptographic source, keyed hash, 5 minutes, single use, 5 wrong tries per
// code, 30 s resend cooldown, 5 codes an hour and 10 a day per target. Failures count against a
// target only while it has a live code, and only for the network that made them (10 a day per
// target and IP), so a stranger's guesses can kill a code but never lock the owner out
// (decisions/002 "Failures are keyed by who failed").
export type CodePurpose = 'login' | 'company_email';

export interface CodeRequest {
  purpose: CodePurpose;
  target: string;
  ip: string;
  userId?: string;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Failures from one IP across all targets, per hour. Checked before anything about the target. */
const failuresFromIp = (req: CodeRequest): Window => ({
  bucket: `${req.purpose}:failed-ip`,
  key: req.ip,
  limit: LOGIN.maxFailuresPerIpPerHour,
  seconds: HOUR,
  message: 'login.tooManyFailures',
});

/**
 * Failures against codes issued to one target, from one IP, per day. The IP is in the bucket and
 * the target is the key, so rows keyed by a phone still go with the account (account.service.ts).
 */
const failuresOnTargetFromIp = (req: CodeRequest): Window => ({
  bucket: `${req.purpose}:failed-from:${req.ip}`,
  key: req.target,
  limit: LOGIN.maxFailuresPerPhonePerIpPerDay,
  seconds: DAY,
  message: 'login.tooManyFailures',
});

/** Codes sent to a target at the request of one network (the IP is in the bucket, the target is
 * the key: rows keyed by a phone go with the account, as `failuresOnTargetFromIp`'s). */
const sentFrom = (req: CodeRequest) => `${req.purpose}:sent-from:${req.ip}`;

/** Every per-address count keyed by the client's network (an IPv6 /64: `clientNetwork`). */
const onNetwork = <R extends CodeRequest>(req: R): R => ({ ...req, ip: clientNetwork(req.ip) });

export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly metrics?: Pick<Metrics, 'codeFailed'>,
  ) {}

  /** Makes and stores a new code (older ones stop working); the caller delivers it. */
  async issue(
    req: CodeRequest,
    /** A rule of the caller's, checked in the same transaction before the code is stored. */
    precheck?: (q: Queryable) => Promise<void>,
  ): Promise<{ code: string; id: string }> {
    req = onNetwork(req);
    return this.db.tx(async (q) => {
      if (precheck) await precheck(q);
      await lockKey(q, `${req.purpose}:${req.target}`);
      const last = await q.query<{ wait: number }>(
        `SELECT EXTRACT(EPOCH FROM (created_at + make_interval(secs => $3) - now()))::float8 AS wait
           FROM one_time_codes WHERE purpose = $1 AND target = $2 ORDER BY created_at DESC LIMIT 1`,
        [req.purpose, req.target, LOGIN.resendCooldownSeconds],
      );
      const wait = last[0]?.wait ?? 0;
      if (wait > 0) throw tooManyRequests('login.resendTooSoon', wait);
      // A target's codes are counted per network that asked for them (so whoever asks for codes
      // to a stranger's phone spends their own allowance, never the owner's: decision 002), and
      // for all networks together under a higher cap on how many texts one number gets a day.
      const windows: Window[] = [
        {
          bucket: sentFrom(req),
          key: req.target,
          limit: LOGIN.maxCodesPerPhonePerHour,
          seconds: HOUR,
          message: 'login.tooManyCodes',
        },
        {
          bucket: sentFrom(req),
          key: req.target,
          limit: LOGIN.maxCodesPerPhonePerDay,
          seconds: DAY,
          message: 'login.tooManyCodes',
        },
        {
          bucket: `${req.purpose}:sent`,
          key: req.target,
          limit: LOGIN.maxCodesPerPhoneAllNetworksPerDay,
          seconds: DAY,
          message: 'login.tooManyCodes',
        },
        {
          bucket: `${req.purpose}:sent-ip`,
          key: req.ip,
          limit: LOGIN.maxCodesPerIpPerHour,
          seconds: HOUR,
          message: 'login.tooManyCodes',
        },
        // Only this network's own failures on this target: a code it could not use anyway is not
        // sent. Failures from other IPs never stop a target from getting a new code.
        failuresOnTargetFromIp(req),
      ];
      for (const w of windows) await assertUnderLimit(q, w);

      await q.query(
        `UPDATE one_time_codes SET consumed_at = now()
          WHERE purpose = $1 AND target = $2 AND consumed_at IS NULL`,
        [req.purpose, req.target],
      );
      const code = randomDigits(LOGIN.codeLength);
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO one_time_codes (purpose, target, user_id, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id`,
        [
          req.purpose,
          req.target,
          req.userId ?? null,
          hashCode(this.secret, req.purpose, req.target, code),
          LOGIN.codeTtlSeconds,
        ],
      );
      await recordEvent(q, sentFrom(req), req.target);
      await recordEvent(q, `${req.purpose}:sent`, req.target);
      await recordEvent(q, `${req.purpose}:sent-ip`, req.ip);
      return { code, id: row!.id };
    });
  }

  /** A code that could not be delivered must not hold the cooldown or count against the limits. */
  async withdraw(id: string, req: CodeRequest): Promise<void> {
    req = onNetwork(req);
    await this.db.tx(async (q) => {
      await q.query('DELETE FROM one_time_codes WHERE id = $1', [id]);
      for (const [bucket, key] of [
        [sentFrom(req), req.target],
        [`${req.purpose}:sent`, req.target],
        [`${req.purpose}:sent-ip`, req.ip],
      ] as const) {
        await q.query(
          `DELETE FROM rate_events WHERE ctid = (SELECT ctid FROM rate_events WHERE bucket = $1 AND key = $2 ORDER BY at DESC LIMIT 1)`,
          [bucket, key],
        );
      }
    });
  }

  /**
   * Checks a code. Success consumes it. A wrong, expired, used or missing code all give the same
   * answer ('login.verifyFailed'); a code with 5 wrong tries behind it is dead until a new one is
   * requested ('login.tooManyTries'). Every failure counts against the IP; only a wrong guess at a
   * live code (unconsumed, unexpired, not dead) counts against the code and against this IP on
   * this target. Failures are committed even though we throw.
   */
  async verify(req: CodeRequest & { code: string }): Promise<void> {
    req = onNetwork(req);
    const outcome = await this.db
      .tx(async (q) => {
        // The network first, under its own lock: an IP over its bound learns nothing about the target
        // and changes nothing there. Lock order is always IP, then target.
        await lockKey(q, `${req.purpose}:ip:${req.ip}`);
        await assertUnderLimit(q, failuresFromIp(req));
        await lockKey(q, `${req.purpose}:${req.target}`);
        await assertUnderLimit(q, failuresOnTargetFromIp(req));

        const [current] = await q.query<{
          id: string;
          code_hash: string;
          attempts: number;
          unexpired: boolean;
        }>(
          `SELECT id, code_hash, attempts, (expires_at > now()) AS unexpired
           FROM one_time_codes
          WHERE purpose = $1 AND target = $2 AND consumed_at IS NULL
          ORDER BY created_at DESC LIMIT 1`,
          [req.purpose, req.target],
        );
        const dead = current !== undefined && current.attempts >= LOGIN.maxWrongTriesPerCode;
        const live = current !== undefined && !dead && current.unexpired;
        const expected = hashCode(this.secret, req.purpose, req.target, req.code);
        if (live && sameHash(current.code_hash, expected)) {
          await q.query('UPDATE one_time_codes SET consumed_at = now() WHERE id = $1', [
            current.id,
          ]);
          return 'ok' as const;
        }
        await recordEvent(q, failuresFromIp(req).bucket, req.ip);
        if (live) {
          await q.query('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1', [
            current.id,
          ]);
          await recordEvent(q, failuresOnTargetFromIp(req).bucket, req.target);
        }
        return dead ? ('dead' as const) : ('wrong' as const);
      })
      .catch((err: unknown) => {
        // Refused before any check (too many failures from this network): a failure too.
        if (err instanceof AppError && err.status === 429)
          this.metrics?.codeFailed(req.purpose, 'limited');
        throw err;
      });
    if (outcome !== 'ok') this.metrics?.codeFailed(req.purpose, outcome);
    if (outcome === 'dead') throw badRequest('login.tooManyTries');
    if (outcome === 'wrong') throw badRequest('login.verifyFailed');
  }
}
