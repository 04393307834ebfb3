// Company verification by domain: a recruiter's office e-mail must live on the same registrable
// domain as the company website, and neither may be a free/disposable mail provider or a
// look-alike. Registrable domains come from the Public Suffix List (tldts), never by hand.
//
// Private PSL suffixes are honoured (`allowPrivateDomains: true`): under suffixes such as
// us.com, za.com, github.io or duckdns.org every subdomain belongs to a different owner, so
// acme.us.com and rival.us.com must not count as "the same domain" (with ICANN-only rules both
// would collapse to us.com, and a free-mail list entry like za.com would refuse every company
// registered under it).
import { createRequire } from 'node:module';
import { parse } from 'tldts';
import { EMPLOYER_BRANDS, type EmployerBrand } from './employer-brands.ts';

/**
 * The version of the rule below (checkCompanyDomain and brandClaimedByName). Each verified mark
 * stores the version that granted it (recruiter_profiles.mark_rule, migration 027); at start the
 * server re-checks every mark granted under a lower one and takes away those the rule now refuses
 * (modules/onboarding/recheck-marks.ts, decision 010). Bump it whenever the rule tightens.
 *   0: marks granted before versioning.
 *   1: large employers' names on domains not theirs, and in company names (session 25).
 */
export const COMPANY_RULE_VERSION = 1;

export type CompanyDomainReason = 'invalidWebsite' | 'freeMail' | 'mismatch' | 'lookalike';
export type CompanyDomainResult =
  | { ok: true; domain: string }
  | { ok: false; reason: CompanyDomainReason }
  /** The domain names a large employer (employer-brands.ts) and is not one of its own. */
  | { ok: false; reason: 'brand'; brand: string };

const PSL = { allowPrivateDomains: true } as const;

// India-specific free/ISP mail domains missing from `email-providers` (checked against v2.26).
// Kept tiny on purpose: only consumer mailbox domains, never a company's own domain.
const EXTRA_FREE_MAIL = [
  'rediff.com', // Rediff (mailboxes are @rediffmail.com, also refused explicitly)
  'rediffmail.com',
  'in.com', // in.com free mail (Network18)
  'zohomail.in', // Zoho Mail free personal accounts
  'zohomail.com',
  'vsnl.net', // VSNL (Tata) ISP mailboxes
  'sancharnet.in', // BSNL dial-up mailboxes
  'dataone.in', // BSNL broadband mailboxes
  'bsnl.in', // BSNL consumer mailboxes
  'mtnl.net.in', // MTNL consumer mailboxes
  'satyam.net.in', // Sify (Satyam Infoway) ISP mailboxes
  'airtelmail.in', // Airtel free mail
  // Free mailboxes the two lists lack (found missing in November 2026, session 20).
  'duck.com', // DuckDuckGo Email Protection
  'fastmail.com',
  'hotmail.co.in',
  'live.in',
  'gmx.in',
  'myyahoo.com',
  'mailfence.com',
  'startmail.com',
  'skiff.com',
  'posteo.de',
  'disroot.org',
  'riseup.net',
];

// Mail that forwards to somebody's own inbox under a name of its choosing (alias and relay
// services), privacy mailboxes anybody opens for free, and hosts every customer gets a subdomain
// of (a Microsoft 365 trial tenant is acme.onmicrosoft.com for anybody who signs up): none of
// them says who runs a company. Every subdomain of these is refused too (x.addy.io is an alias,
// y.onmicrosoft.com a tenant).
const ALIAS_AND_SHARED_MAIL = [
  'addy.io', // addy.io (formerly AnonAddy)
  'anonaddy.com',
  'anonaddy.me',
  'mozmail.com', // Firefox Relay
  'passmail.net', // Proton Pass aliases
  'passmail.com',
  'passinbox.com',
  'passfwd.com',
  'simplelogin.com', // SimpleLogin (Proton)
  'simplelogin.co',
  'simplelogin.fr',
  'aleeas.com',
  'slmail.me',
  'silomails.com',
  '8alias.com',
  '8shield.net',
  'appleid.com', // Sign in with Apple's relay (privaterelay.appleid.com)
  'tutanota.com', // Tuta (free plans)
  'tutanota.de',
  'tutamail.com',
  'tuta.com',
  'tuta.io',
  'keemail.me',
  'onmicrosoft.com', // Microsoft 365 tenants
];

// First labels of the biggest providers, for typo-squat detection. Labels shorter than 5
// ("live") are not fuzzy-matched: too many real names sit one edit away (give, life, line, love).
const BIG_PROVIDER_LABELS = [
  'gmail',
  'yahoo',
  'outlook',
  'hotmail',
  'rediffmail',
  'protonmail',
  'icloud',
  'live',
  'ymail',
].filter((label) => label.length >= 5);

// Leading labels that name a service, not a company: "www.careers" or "mail.hr" in front of a
// company's domain parse as registrable domains (.careers and .hr are TLDs) but impersonate
// nobody, so they are not look-alikes.
const SERVICE_LABELS = new Set([
  'www',
  'm',
  'mail',
  'email',
  'webmail',
  'smtp',
  'mx',
  'hr',
  'jobs',
  'careers',
  'apply',
  'app',
  'api',
  'portal',
]);

interface MailLists {
  /** Exact domains: free providers, disposable domains and the extras above. */
  exact: Set<string>;
  /** Domains whose every subdomain is disposable (disposable-email-domains' wildcard.json). */
  wildcard: Set<string>;
}

let lists: MailLists | undefined;

function loadList(require: ReturnType<typeof createRequire>, id: string): string[] {
  const data: unknown = require(id);
  if (!Array.isArray(data) || !data.every((item) => typeof item === 'string')) {
    throw new Error(`${id} is not a list of domains`);
  }
  return data.map((domain) => domain.toLowerCase());
}

/** Loaded once, on first use (~130k domains). */
function mailLists(): MailLists {
  if (!lists) {
    const require = createRequire(import.meta.url);
    const wildcard = [
      ...loadList(require, 'disposable-email-domains/wildcard.json'),
      ...ALIAS_AND_SHARED_MAIL,
    ];
    lists = {
      exact: new Set([
        ...loadList(require, 'email-providers/all.json'),
        ...loadList(require, 'disposable-email-domains/index.json'),
        ...wildcard,
        ...EXTRA_FREE_MAIL,
      ]),
      wildcard: new Set(wildcard),
    };
  }
  return lists;
}

interface Host {
  /** Lower-case ASCII host without a trailing dot. */
  host: string;
  /** Registrable domain (PSL, private suffixes included). */
  domain: string;
  /** Its public suffix (co.in, gov.in, sbi). */
  suffix: string;
  /** The registrable domain without its public suffix: one label. */
  domainLabel: string;
  /** Labels in front of the registrable domain ('' when none). */
  subdomain: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host split by the PSL, or null when it is not a name under a known public suffix. */
function splitHost(rawHost: string): Host | null {
  const host = rawHost.toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return null;
  if (!host.split('.').every((label) => LABEL.test(label))) return null;
  const parsed = parse(host, PSL);
  if (parsed.isIp || !parsed.domain || !parsed.domainWithoutSuffix) return null;
  // Unknown TLDs (.local, .internal, .localhost...) only match the PSL's implicit "*" rule.
  if (!parsed.isIcann && !parsed.isPrivate) return null;
  return {
    host,
    domain: parsed.domain,
    suffix: parsed.publicSuffix ?? '',
    domainLabel: parsed.domainWithoutSuffix,
    subdomain: parsed.subdomain ?? '',
  };
}

function websiteHost(websiteUrl: string): Host | null {
  let url: URL;
  try {
    url = new URL(websiteUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  // IPv6 literals keep their brackets and fail the label check; IPv4 is caught by tldts.
  return splitHost(url.hostname);
}

type EmailHost = { host: Host } | { reason: 'mismatch' | 'lookalike' };

function emailHost(email: string): EmailHost {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return { reason: 'mismatch' };
  const domain = trimmed.slice(at + 1);
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(domain)) return { reason: 'lookalike' };
  const host = splitHost(domain);
  return host ? { host } : { reason: 'mismatch' };
}

/** Every name from the host down to the given one: a.b.c.d, b.c.d, c.d for 'c.d'. */
function namesDownTo(host: string, last: string): string[] {
  const names: string[] = [];
  let name = host;
  for (;;) {
    names.push(name);
    const dot = name.indexOf('.');
    if (name === last || dot < 0) return names;
    name = name.slice(dot + 1);
  }
}

function isFreeMail({ host, domain }: Host): boolean {
  const { exact, wildcard } = mailLists();
  // Exact entries are checked down to the registrable domain only: the lists also hold public
  // suffixes (com.ar, net.ua, edu.pl...) that must not refuse every company registered there.
  if (namesDownTo(host, domain).some((name) => exact.has(name))) return true;
  // Wildcard entries refuse all their subdomains, even below a (private) public suffix.
  return namesDownTo(host, '').some((name) => wildcard.has(name));
}

/** Optimal string alignment distance: insert, delete, substitute, transpose adjacent. */
function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  const d = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number): number => d[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      let best = i + j;
      if (i > 0 && j > 0) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          best = Math.min(best, at(i - 2, j - 2) + 1);
        }
      }
      d[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Up to two edits when both labels have 5+ characters, one for a 4-character label. */
// Digits and symbols typo-squatters use for the letters they look like.
const LOOKS_LIKE: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '@': 'a',
};
const deLeet = (label: string) => label.replace(/[0-9@]/g, (c) => LOOKS_LIKE[c] ?? c);

/**
 * A label a typo away from a big provider's (gmial, yah00, outlok, gmai1). Honest names near one
 * must pass (gail.co.in, hotmart.com, tamil.in, small.in, cloud.in): after mapping look-alike
 * characters, one edit (a dropped letter only in names of 6+), two only for providers of 8+
 * letters, and nothing shorter than 5 letters.
 */
function looksLikeProvider(label: string): boolean {
  const plain = deLeet(label);
  if (plain.length < 5) return false;
  return BIG_PROVIDER_LABELS.some((provider) => {
    const distance = editDistance(plain, provider);
    if (distance === 0) return label !== provider; // gmai1 → gmail
    // A dropped letter counts only on longer names (outlok), not on short words (cloud, icloud).
    if (distance === 1) return plain.length >= provider.length || plain.length >= 6;
    return distance === 2 && provider.length >= 8 && plain.length >= provider.length - 1;
  });
}

/** A registrable domain hidden in the labels in front, e.g. infosys.com.attacker.in. */
function hidesDomain(subdomain: string): boolean {
  if (!subdomain.includes('.')) return false;
  const inner = parse(subdomain, { allowPrivateDomains: false });
  if (!inner.domain || !inner.isIcann || !inner.domainWithoutSuffix) return false;
  return !SERVICE_LABELS.has(inner.domainWithoutSuffix);
}

function isLookalike({ host, domainLabel, subdomain }: Host): boolean {
  if (host.split('.').some((label) => label.startsWith('xn--'))) return true;
  if (hidesDomain(subdomain)) return true;
  // A provider's own domain was refused as freeMail before we get here.
  return looksLikeProvider(domainLabel);
}

// Words a domain glues to a short brand name to look official: tcscareers, onlinesbi, licindia.
const HIRING_WORDS = new Set([
  'career',
  'careers',
  'job',
  'jobs',
  'hiring',
  'hire',
  'hr',
  'recruit',
  'recruitment',
  'recruiting',
  'recruiter',
  'recruiters',
  'vacancy',
  'vacancies',
  'naukri',
  'naukari',
  'placement',
  'placements',
  'apply',
  'online',
  'official',
  'india',
  'indian',
  'in',
  'bharat',
  'group',
  'global',
  'service',
  'services',
  'portal',
  'work',
  'works',
  'team',
  'staff',
  'staffing',
  'talent',
  'hub',
  'desk',
  'offer',
  'offers',
  'join',
  'employment',
  'bank',
  'corp',
  'ltd',
  'pvt',
  'my',
]);
const LONGEST_HIRING_WORD = Math.max(...[...HIRING_WORDS].map((word) => word.length));

/** Whether `text` is hiring words one after another ('' is). */
function hiringWords(text: string): boolean {
  const ends = [true];
  for (let end = 1; end <= text.length; end++) {
    ends[end] = false;
    for (let start = Math.max(0, end - LONGEST_HIRING_WORD); start < end && !ends[end]; start++) {
      ends[end] = ends[start] === true && HIRING_WORDS.has(text.slice(start, end));
    }
  }
  return ends[text.length] === true;
}

/** A short name as a whole part, or with hiring words only around it (tcs, tcscareers, onlinesbi). */
function namesShort(part: string, name: string): boolean {
  for (let at = part.indexOf(name); at >= 0; at = part.indexOf(name, at + 1)) {
    if (hiringWords(part.slice(0, at)) && hiringWords(part.slice(at + name.length))) return true;
  }
  return false;
}

// Suffixes where only vetted registrants get names: the government's, and banks' and financial
// firms' under bank.in and fin.in (RBI). A name there is not somebody borrowing a brand.
const VETTED_SUFFIXES = new Set(['gov.in', 'nic.in', 'mil.in', 'bank.in', 'fin.in']);

const BRANDED_DOMAINS = new Set(EMPLOYER_BRANDS.flatMap((brand) => brand.domains));
const BRAND_TLDS = new Set(EMPLOYER_BRANDS.flatMap((brand) => brand.tlds ?? []));

/**
 * The large employer (employer-brands.ts) this domain's registrable label names when the domain
 * is not one of theirs: tcs-careers.in, amazonhiringindia.com, onlinesbi-jobs.in. A brand's own
 * domains, and any brand's (techmahindra.com names Mahindra too), are never refused.
 */
function impersonatedBrand({ domain, suffix, domainLabel }: Host): string | null {
  if (BRANDED_DOMAINS.has(domain) || BRAND_TLDS.has(suffix) || VETTED_SUFFIXES.has(suffix)) {
    return null;
  }
  const joined = deLeet(domainLabel.replace(/-/g, ''));
  const parts = domainLabel.split(/[-0-9]+/).filter(Boolean);
  const brand = EMPLOYER_BRANDS.find(
    ({ long = [], short = [] }) =>
      long.some((name) => joined.includes(name)) ||
      short.some((name) => parts.some((part) => namesShort(part, name))),
  );
  return brand?.name ?? null;
}

/** Whether a registrable domain is this brand's own, or under a suffix only it or vetted registrants use. */
function brandOwns(brand: EmployerBrand, domain: string): boolean {
  const suffix = parse(domain, PSL).publicSuffix ?? '';
  return (
    brand.domains.includes(domain) ||
    (brand.tlds ?? []).includes(suffix) ||
    VETTED_SUFFIXES.has(suffix)
  );
}

/**
 * The large employer a company name claims when the verified domain is none of the named
 * employers' own ("Amazon India Pvt Ltd" verified on zenith.in), else null. The verified mark sits
 * next to the company name everywhere seekers see it, and most read "Amazon India ✓ Verified" as
 * Amazon whatever domain the mark names. Same name rules as for domains, on the name's words
 * (a long name anywhere in the words run together, a short one as a whole word or glued to hiring
 * words): "Axis Infotech", "Public Works", "Samuel Traders" claim nobody.
 */
export function brandClaimedByName(companyName: string, domain: string): string | null {
  const plain = companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const joined = deLeet(plain.replace(/[^a-z0-9@]+/g, ''));
  const words = plain.split(/[^a-z]+/).filter(Boolean);
  const named = EMPLOYER_BRANDS.filter(
    ({ long = [], short = [] }) =>
      long.some((name) => joined.includes(name)) ||
      short.some((name) => words.some((word) => namesShort(word, name))),
  );
  if (named.length === 0 || named.some((brand) => brandOwns(brand, domain))) return null;
  return named[0]!.name;
}

/**
 * The company-verification rule. Checks run in this order: website shape, free/disposable
 * mail (website, then e-mail), e-mail shape, look-alikes, large employers' names on domains not
 * theirs (website, then e-mail), same registrable domain.
 */
export function checkCompanyDomain(email: string, websiteUrl: string): CompanyDomainResult {
  const site = websiteHost(websiteUrl);
  if (!site) return { ok: false, reason: 'invalidWebsite' };
  if (isFreeMail(site)) return { ok: false, reason: 'freeMail' };

  const mail = emailHost(email);
  if ('reason' in mail) return { ok: false, reason: mail.reason };
  if (isFreeMail(mail.host)) return { ok: false, reason: 'freeMail' };

  if (isLookalike(site) || isLookalike(mail.host)) return { ok: false, reason: 'lookalike' };
  const brand = impersonatedBrand(site) ?? impersonatedBrand(mail.host);
  if (brand) return { ok: false, reason: 'brand', brand };
  if (mail.host.domain !== site.domain) return { ok: false, reason: 'mismatch' };
  return { ok: true, domain: site.domain };
}
