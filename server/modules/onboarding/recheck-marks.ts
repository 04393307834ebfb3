import { textIn } from '#shared/i18n/texts.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { Ctx } from '../../context.ts';
import {
  brandClaimedByName,
  checkCompanyDomain,
  COMPANY_RULE_VERSION,
} from '../../lib/company-domain.ts';

type Deps = Pick<Ctx, 'db' | 'log'>;

// Any fixed number (migrate.ts is 727_001): instances starting together take turns, batch by batch.
const RECHECK_LOCK = 727_012;
const BATCH = 200;

/** Why a mark no longer holds: a catalogue key and its variables (shown in settings). */
export interface MarkRefusal {
  key: MessageKey;
  vars: Record<string, string>;
}

interface MarkRow {
  user_id: string;
  mark_rule: number;
  verified_email: string | null;
  website_url: string | null;
  verified_domain: string | null;
  company_name: string | null;
}

/**
 * The company-verification rule applied again to what a mark vouches for: the office e-mail and
 * website it was verified with (changing either, or the company name, already takes the mark
 * away), the domain it shows, and the company name it sits next to. The same checks and messages
 * as recruiter.service.ts `companyDomainOf` and `assertNameFitsDomain`; null when it still holds.
 */
export function markRefusal(row: Omit<MarkRow, 'user_id' | 'mark_rule'>): MarkRefusal | null {
  const mismatch: MarkRefusal = { key: 'onboarding.domainMismatch', vars: {} };
  if (!row.verified_email || !row.website_url) return mismatch;
  const check = checkCompanyDomain(row.verified_email, row.website_url);
  if (!check.ok) {
    if (check.reason === 'brand')
      return { key: 'companyDomain.brand', vars: { brand: check.brand } };
    if (check.reason === 'mismatch') return mismatch;
    return { key: `companyDomain.${check.reason}`, vars: {} };
  }
  // The mark shows its domain: one the rule no longer derives from them is not vouched for.
  if (check.domain !== row.verified_domain) return mismatch;
  const brand = brandClaimedByName(row.company_name ?? '', check.domain);
  if (brand) return { key: 'companyDomain.brandName', vars: { brand, domain: check.domain } };
  return null;
}

export interface MarkRecheck {
  checked: number;
  removed: number;
}

/**
 * Re-checks every verified mark granted under an older rule version (COMPANY_RULE_VERSION): marks
 * that still pass are stamped with the current version, the others are taken away (the database
 * bumps the recruiter's `feed_versions` counter, so kept feed cards and job pages drop the mark at
 * once), with the reason kept for the recruiter's settings and recorded in `moderation_actions`.
 * Keyset batches, each in its own transaction under an advisory lock: instances starting together
 * take turns and each batch reads only marks still below the version, so no mark is checked twice
 * and a second start finds nothing.
 */
export async function recheckMarks(deps: Deps, batch = BATCH): Promise<MarkRecheck> {
  const total: MarkRecheck = { checked: 0, removed: 0 };
  let after: { rule: number; id: string } = {
    rule: -1,
    id: '00000000-0000-0000-0000-000000000000',
  };
  for (;;) {
    const done = await deps.db.tx(async (q) => {
      if (deps.db.kind === 'postgres')
        await q.query('SELECT pg_advisory_xact_lock($1)', [RECHECK_LOCK]);
      const rows = await q.query<MarkRow>(
        `SELECT user_id, mark_rule, verified_email, website_url, verified_domain, company_name
           FROM recruiter_profiles
          WHERE is_verified AND mark_rule < $1 AND (mark_rule, user_id) > ($2, $3::uuid)
          ORDER BY mark_rule, user_id
          LIMIT $4
          FOR UPDATE`,
        [COMPANY_RULE_VERSION, after.rule, after.id, batch],
      );
      const last = rows.at(-1);
      if (!last) return true;
      after = { rule: last.mark_rule, id: last.user_id };
      const kept: string[] = [];
      const removed: { id: string; reason: MarkRefusal }[] = [];
      for (const row of rows) {
        const reason = markRefusal(row);
        if (reason) removed.push({ id: row.user_id, reason });
        else kept.push(row.user_id);
      }
      if (kept.length > 0)
        await q.query(
          'UPDATE recruiter_profiles SET mark_rule = $1 WHERE user_id = ANY($2::uuid[])',
          [COMPANY_RULE_VERSION, kept],
        );
      if (removed.length > 0) {
        const ids = removed.map((r) => r.id);
        await q.query(
          `UPDATE recruiter_profiles r
              SET is_verified = false, mark_rule = $3, mark_removed = x.reason::jsonb,
                  mark_removed_at = now(), updated_at = now()
             FROM unnest($1::uuid[], $2::text[]) AS x (id, reason)
            WHERE r.user_id = x.id`,
          [ids, removed.map((r) => JSON.stringify(r.reason)), COMPANY_RULE_VERSION],
        );
        await q.query(
          `INSERT INTO moderation_actions (admin_id, action, target_user_id, reason)
           SELECT NULL, 'unverify', x.id, x.reason FROM unnest($1::uuid[], $2::text[]) AS x (id, reason)`,
          [
            ids,
            removed.map(
              (r) =>
                `Verified mark removed by the re-check under rule version ${COMPANY_RULE_VERSION}: ${textIn('en', r.reason.key, r.reason.vars)}`,
            ),
          ],
        );
      }
      total.checked += rows.length;
      total.removed += removed.length;
      return false;
    });
    if (done) break;
  }
  // Counts only: never a domain or a name in bulk.
  deps.log.info(
    { checked: total.checked, removed: total.removed, rule: COMPANY_RULE_VERSION },
    'verified marks from an older rule re-checked',
  );
  return total;
}
