import { JOB_CATEGORIES, type PickCode } from './picklists.ts';

// The public pages' addresses (issue 17, docs/decisions/027): one definition for the server (the
// sitemap, the 301 to a job's canonical address, the API's answers) and the web app (links).

export type JobCategory = PickCode<'jobCategory'>;

/** Lower-case ASCII words joined by '-': "Sales & BD" → "sales-bd". Other scripts are dropped. */
export function slugify(text: string, max = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '');
}

/** A category's slug: its code with dashes (`software_development` → `software-development`). */
export const categorySlug = (code: JobCategory): string => code.replace(/_/g, '-');

const CATEGORY_BY_SLUG = new Map<string, JobCategory>(
  JOB_CATEGORIES.map((code) => [categorySlug(code), code]),
);

export function categoryBySlug(slug: string): JobCategory | null {
  return CATEGORY_BY_SLUG.get(slug) ?? null;
}

/**
 * Topic pages: job roles that are neither a category nor a city, searched by their words (the
 * spec's sample links `/jobs/health-insurance` and `/jobs/tech-recruiter`). The label is the
 * catalogue's `public.topics.<key>`; `words` is what the search looks for.
 */
export const TOPICS = {
  'health-insurance': { key: 'healthInsurance', words: 'insurance', category: null },
  'tech-recruiter': { key: 'techRecruiter', words: 'recruit', category: null },
} as const satisfies Record<string, { key: string; words: string; category: JobCategory | null }>;
export type TopicSlug = keyof typeof TOPICS;

export function topicBySlug(slug: string): (typeof TOPICS)[TopicSlug] | null {
  return Object.hasOwn(TOPICS, slug) ? TOPICS[slug as TopicSlug] : null;
}

/** The one path segment under /jobs/ that is not a listing: a job's own page. */
export const JOB_VIEW_SEGMENT = 'view';

const UUID_TAIL = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A job's readable address: title, company, city and id. */
export function jobPath(job: { id: string; title: string; company: string; city: string }): string {
  const words = slugify(`${job.title} ${job.company} ${job.city}`);
  return `/jobs/${JOB_VIEW_SEGMENT}/${words ? `${words}-` : ''}${job.id.toLowerCase()}`;
}

/** The job id at the end of a job page's last segment, or null. */
export function jobIdFromSlug(slug: string): string | null {
  return UUID_TAIL.exec(slug)?.[1]?.toLowerCase() ?? null;
}

/** The public information pages of the header and footer (spec section 2), in footer order. */
export const PUBLIC_INFO_PAGES = [
  'about',
  'companies',
  'career-resources',
  'salary-guide',
  'pricing',
  'recruiting-solutions',
  'employer-resources',
  'contact',
  'privacy',
  'terms',
] as const;
export type PublicInfoPage = (typeof PUBLIC_INFO_PAGES)[number];
