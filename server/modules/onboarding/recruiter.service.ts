import type { z } from 'zod';
import { textIn } from '#shared/i18n/texts.ts';
import type {
  recruiterCompanyStep,
  recruiterProfileStep,
  verificationSend,
} from '#shared/schemas/onboarding.ts';
import type { Ctx } from '../../context.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import { AppError, badRequest, conflict, tooManyRequests } from '../../lib/errors.ts';
import {
  brandClaimedByName,
  checkCompanyDomain,
  COMPANY_RULE_VERSION,
} from '../../lib/company-domain.ts';
import { lockKey } from '../../lib/rate-limit.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { Queryable } from '../../db/client.ts';
import { MailDeliveryError } from '../../adapters/mail.ts';
import { advance, lockProgress } from './onboarding.service.ts';
import { assertOwnImage } from '../files/files.service.ts';
import {
  dropGstinOfAnotherState,
  jobsFollowCompany,
} from '../profiles/recruiter-settings.service.ts';
import { dropReplacedImage, heldImage, type ImageColumn } from '../files/replaced-images.ts';

const upsertRecruiter = `INSERT INTO recruiter_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`;
// A verified mark vouches for one company: a step saved again with another company name (steps
// can be revisited) takes it away, as Profile Settings does; the recruiter's jobs follow the name.
const RECRUITER_PHOTO: ImageColumn = { table: 'recruiter_profiles', column: 'profile_image' };
const COMPANY_LOGO: ImageColumn = { table: 'recruiter_profiles', column: 'company_logo' };

const keepMarkIfSame = (companyParam: string) =>
  `is_verified = is_verified AND company_name IS NOT DISTINCT FROM ${companyParam}`;

export async function saveRecruiterProfileStep(
  ctx: Ctx,
  userId: string,
  v: z.output<typeof recruiterProfileStep>,
): Promise<number> {
  await assertOwnImage(ctx, userId, v.profileImage, 'avatar', 'upload.imageFailed');
  let before: string | null = null;
  const next = await ctx.db.tx(async (q) => {
    await lockProgress(q, userId, 'recruiter', 1);
    await q.query(upsertRecruiter, [userId]);
    before = await heldImage(q, RECRUITER_PHOTO, userId);
    await q.query(
      `UPDATE recruiter_profiles SET profile_image = COALESCE($2, profile_image), full_name = $3, gender = $4,
              ${keepMarkIfSame('$5')}, company_name = $5, designation = $6, updated_at = now()
        WHERE user_id = $1`,
      [userId, v.profileImage ?? null, v.fullName, v.gender ?? null, v.companyName, v.designation],
    );
    await jobsFollowCompany(q, userId, v.companyName);
    await advance(q, userId, 2);
    return 2;
  });
  await dropReplacedImage(ctx, userId, before, v.profileImage);
  return next;
}

export async function saveRecruiterCompanyStep(
  ctx: Ctx,
  userId: string,
  v: z.output<typeof recruiterCompanyStep>,
): Promise<number> {
  await assertOwnImage(ctx, userId, v.companyLogo, 'logo', 'onboarding.companyImage');
  let before: string | null = null;
  const next = await ctx.db.tx(async (q) => {
    await lockProgress(q, userId, 'recruiter', 2);
    await q.query(upsertRecruiter, [userId]);
    before = await heldImage(q, COMPANY_LOGO, userId);
    await q.query(
      `UPDATE recruiter_profiles SET ${keepMarkIfSame('$2')}, company_name = $2, company_logo = $3, employee_size = $4, financing_status = $5,
              annual_revenue = $6, headquarters_address = $7, headquarters_city_id = $8, updated_at = now()
        WHERE user_id = $1`,
      [
        userId,
        v.companyName,
        v.companyLogo,
        v.employeeSize,
        v.financingStatus,
        v.annualRevenue,
        v.headquartersAddress,
        v.headquartersCityId ?? null,
      ],
    );
    await jobsFollowCompany(q, userId, v.companyName);
    await dropGstinOfAnotherState(q, userId);
    await advance(q, userId, 3);
    return 3;
  });
  await dropReplacedImage(ctx, userId, before, v.companyLogo);
  return next;
}

/** 'Skip for now': on to the first job post without verifying. */
export async function skipVerification(ctx: Ctx, userId: string): Promise<number> {
  return ctx.db.tx(async (q) => {
    await lockProgress(q, userId, 'recruiter', 3);
    await advance(q, userId, 4);
    return 4;
  });
}

/**
 * Company verification is real (decisions.md): the domain rule is checked here, a 6-digit code
 * goes to the office e-mail, with the same expiry, tries and limits as login codes.
 */
export async function sendCompanyCode(
  ctx: Ctx,
  userId: string,
  ip: string,
  v: z.output<typeof verificationSend>,
  /** The recruiter's language, else their browser's (decision 026): the e-mail's. */
  language: Language,
): Promise<void> {
  const [profile] = await ctx.db.query<{ company_name: string | null }>(
    'SELECT rp.company_name FROM recruiter_profiles rp WHERE rp.user_id = $1',
    [userId],
  );
  if (!profile?.company_name) throw conflict('onboarding.recruiterFullNameCompanyRequired');
  assertNameFitsDomain(profile.company_name, companyDomainOf(v));
  const target = codeTarget(userId, v.email);
  const { code, id } = await ctx.codes.issue(
    { purpose: 'company_email', target, ip, userId },
    (q) => assertAddressAllowance(q, userId, v.email),
  );
  try {
    await ctx.mail.send({
      to: v.email,
      subject: textIn(language, 'onboarding.emailCodeSubject'),
      text: textIn(language, 'onboarding.emailCodeText', { code }),
    });
  } catch (err) {
    if (!(err instanceof MailDeliveryError)) throw err;
    ctx.log.error({ err }, 'verification mail failed');
    await ctx.codes.withdraw(id, { purpose: 'company_email', target, ip, userId });
    throw new AppError(502, 'onboarding.sendOtpFailed');
  }
  ctx.metrics.codeSent('company_email');
}

/**
 * A verification code is this user's for this address, whatever website goes with it: the domain
 * rule holds the website to the address's own domain at both ends, and the limits of codes
 * (one-time-codes.ts: cooldown, per hour, per day, tries) are per target, so a website in the
 * target let each new website spelling send another code to the same inbox.
 */
const codeTarget = (userId: string, email: string) => `${userId}|${email.toLowerCase()}`;

export async function verifyCompanyCode(
  ctx: Ctx,
  userId: string,
  ip: string,
  v: z.output<typeof verificationSend> & { code: string },
): Promise<void> {
  // Before the code is used: the mark is step 3's, never a way past the company details of step 2.
  await ctx.db.tx((q) => lockProgress(q, userId, 'recruiter', 3));
  const target = codeTarget(userId, v.email);
  try {
    await ctx.codes.verify({ purpose: 'company_email', target, ip, userId, code: v.code });
  } catch (err) {
    // Same rules as login; the spec's own words for this screen.
    if (err instanceof AppError && err.code === 'login.verifyFailed')
      throw badRequest('onboarding.invalidOtp');
    throw err;
  }
  const domain = companyDomainOf(v);
  await ctx.db.tx(async (q) => {
    await lockProgress(q, userId, 'recruiter', 3);
    // Read under the lock: the name the mark will sit next to (changing it later drops the mark).
    const [named] = await q.query<{ company_name: string | null }>(
      'SELECT company_name FROM recruiter_profiles WHERE user_id = $1',
      [userId],
    );
    assertNameFitsDomain(named?.company_name ?? '', domain);
    // The office e-mail becomes the profile's e-mail: the mark vouches for that address.
    await q.query(
      `UPDATE recruiter_profiles SET is_verified = true, verified_email = $2, verified_domain = $4, verified_at = now(),
              mark_rule = $5, mark_removed = NULL, mark_removed_at = NULL,
              website_url = $3, email = $2, updated_at = now() WHERE user_id = $1`,
      [userId, v.email, v.websiteUrl, domain, COMPANY_RULE_VERSION],
    );
    await advance(q, userId, 4);
  });
}

/**
 * The registrable domain this company e-mail and website prove (server/lib/company-domain.ts), or
 * a 400 a person can act on. The mismatch keeps the spec's words.
 */
function companyDomainOf(v: z.output<typeof verificationSend>): string {
  const check = checkCompanyDomain(v.email, v.websiteUrl);
  if (check.ok) return check.domain;
  if (check.reason === 'brand') throw badRequest('companyDomain.brand', { brand: check.brand });
  throw badRequest(
    check.reason === 'mismatch' ? 'onboarding.domainMismatch' : `companyDomain.${check.reason}`,
  );
}

/**
 * The verified mark is shown next to the company name: a name claiming a big employer
 * ("Amazon India") gets it only on that employer's own domain (server/lib/employer-brands.ts).
 */
function assertNameFitsDomain(companyName: string, domain: string): void {
  const brand = brandClaimedByName(companyName, domain);
  if (brand) throw badRequest('companyDomain.brandName', { brand, domain });
}

/**
 * At most TRUST_LIMITS.verificationAddressesPerDay different addresses a day per recruiter, so the
 * verification mail cannot be turned into a way to send our mail to anyone (codes to one address
 * keep the login-code limits of one-time-codes.ts).
 */
async function assertAddressAllowance(q: Queryable, userId: string, email: string): Promise<void> {
  // One recruiter's sends to different addresses are counted one at a time.
  await lockKey(q, `company_email:addresses:${userId}`);
  const rows = await q.query<{ address: string; first_at: Date }>(
    `SELECT split_part(target, '|', 2) AS address, min(created_at) AS first_at
       FROM one_time_codes
      WHERE purpose = 'company_email' AND user_id = $1 AND created_at > now() - interval '1 day'
      GROUP BY 1 ORDER BY 2`,
    [userId],
  );
  const limit = TRUST_LIMITS.verificationAddressesPerDay;
  if (rows.length < limit || rows.some((r) => r.address === email.toLowerCase())) return;
  const oldest = new Date(rows[0]!.first_at).getTime();
  const wait = (oldest + 24 * 3600_000 - Date.now()) / 1000;
  throw tooManyRequests('limits.verificationAddresses', wait, { limit });
}
