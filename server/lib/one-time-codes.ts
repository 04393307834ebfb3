import type { Db } from '../db/client.ts';
import { LOGIN } from '#shared/limits.ts';
import { hashCode, randomDigits, sameHash } from './crypto.ts';
import { assertUnderLimit, lockKey, recordEvent } from './rate-limit.ts';
import { badRequest, tooManyRequests } from './errors.ts';

// Six-digit codes for login (SMS) and company e-mail verification, with the rules of
// decisions.md "Login": cryptographic source, keyed hash, 5 minutes, single use, 5 wrong tries per
// code, 10 failures per target per day, 30 s resend cooldown, 5 codes an hour and 10 a day.
export type CodePurpose = 'login' | 'company_email';

export interface CodeRequest {
  purpose: CodePurpose;
  target: string;
  ip: string;
  userId?: string;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** Makes and stores a new code (older ones stop working); the caller delivers it. */
  async issue(req: CodeRequest): Promise<{ code: string; id: string }> {
    return this.db.tx(async (q) => {
      await lockKey(q, `${req.purpose}:${req.target}`);
      const last = await q.query<{ wait: number }>(
        `SELECT EXTRACT(EPOCH FROM (created_at + make_interval(secs => $3) - now()))::float8 AS wait
           FROM one_time_codes WHERE purpose = $1 AND target = $2 ORDER BY created_at DESC LIMIT 1`,
        [req.purpose, req.target, LOGIN.resendCooldownSeconds],
      );
      const wait = last[0]?.wait ?? 0;
      if (wait > 0) throw tooManyRequests('login.resendTooSoon', wait);
      const windows = [
        {
          bucket: `${req.purpose}:sent`,
          key: req.target,
          limit: LOGIN.maxCodesPerPhonePerHour,
          seconds: HOUR,
          message: 'login.tooManyCodes',
        },
        {
          bucket: `${req.purpose}:sent`,
          key: req.target,
          limit: LOGIN.maxCodesPerPhonePerDay,
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
        {
          bucket: `${req.purpose}:failed`,
          key: req.target,
          limit: LOGIN.maxFailuresPerPhonePerDay,
          seconds: DAY,
          message: 'login.tooManyFailures',
        },
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
      await recordEvent(q, `${req.purpose}:sent`, req.target);
      await recordEvent(q, `${req.purpose}:sent-ip`, req.ip);
      return { code, id: row!.id };
    });
  }

  /** A code that could not be delivered must not hold the cooldown or count against the limits. */
  async withdraw(id: string, req: CodeRequest): Promise<void> {
    await this.db.tx(async (q) => {
      await q.query('DELETE FROM one_time_codes WHERE id = $1', [id]);
      for (const [bucket, key] of [
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
   * requested. Failures count per target and per IP, and are committed even though we throw.
   */
  async verify(req: CodeRequest & { code: string }): Promise<void> {
    const outcome = await this.db.tx(async (q) => {
      await lockKey(q, `${req.purpose}:${req.target}`);
      await assertUnderLimit(q, {
        bucket: `${req.purpose}:failed`,
        key: req.target,
        limit: LOGIN.maxFailuresPerPhonePerDay,
        seconds: DAY,
        message: 'login.tooManyFailures',
      });
      await assertUnderLimit(q, {
        bucket: `${req.purpose}:failed-ip`,
        key: req.ip,
        limit: LOGIN.maxFailuresPerIpPerHour,
        seconds: HOUR,
        message: 'login.tooManyFailures',
      });

      const [current] = await q.query<{
        id: string;
        code_hash: string;
        attempts: number;
        live: boolean;
      }>(
        `SELECT id, code_hash, attempts, (expires_at > now()) AS live
           FROM one_time_codes
          WHERE purpose = $1 AND target = $2 AND consumed_at IS NULL
          ORDER BY created_at DESC LIMIT 1`,
        [req.purpose, req.target],
      );
      const dead = current !== undefined && current.attempts >= LOGIN.maxWrongTriesPerCode;
      const expected = hashCode(this.secret, req.purpose, req.target, req.code);
      if (current && !dead && current.live && sameHash(current.code_hash, expected)) {
        await q.query('UPDATE one_time_codes SET consumed_at = now() WHERE id = $1', [current.id]);
        return 'ok' as const;
      }
      if (current && !dead) {
        await q.query('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1', [
          current.id,
        ]);
      }
      await recordEvent(q, `${req.purpose}:failed`, req.target);
      await recordEvent(q, `${req.purpose}:failed-ip`, req.ip);
      return dead ? ('dead' as const) : ('wrong' as const);
    });
    if (outcome === 'dead') throw badRequest('login.tooManyTries');
    if (outcome === 'wrong') throw badRequest('login.verifyFailed');
  }
}
