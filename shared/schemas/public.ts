import { z } from 'zod';
import { JOB_CATEGORIES } from '../picklists.ts';
import { m } from './common.ts';

// The public pages' API (issue 17, docs/decisions/027): what a visitor without an account may
// read. Only what a job advertisement shows: no recruiter's name, photo, phone or user id.

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, m('errors.badRequest'))
  .regex(/^[a-z0-9-]*$/, m('errors.badRequest'));

/** GET /api/public/jobs: the list of /jobs, /jobs/{category}, /jobs/{city} and topic pages. */
export const publicJobsQuery = z.object({
  /** The page's own slug (a category, a city or a topic); unknown is a 404. */
  in: slug.optional(),
  q: z.string().trim().max(100, m('errors.badRequest')).optional(),
  category: z.enum(JOB_CATEGORIES, m('errors.badRequest')).optional(),
  /** A city's slug (from the filters' list). */
  city: slug.optional(),
  cursor: z.string().max(300, m('errors.badRequest')).optional(),
});
export type PublicJobsQuery = z.infer<typeof publicJobsQuery>;

/** A job as the public pages show it. */
export const publicJob = z.object({
  id: z.string(),
  /** The canonical address of its page (title, company, city and id). */
  path: z.string(),
  title: z.string(),
  company: z.string(),
  companyLogo: z.string().nullable(),
  /** The company's verified domain, when the recruiter verified it (decision 010). */
  verifiedDomain: z.string().nullable(),
  location: z.string(),
  city: z.object({ slug: z.string(), name: z.string(), state: z.string() }).nullable(),
  type: z.string(),
  level: z.string(),
  jobCategory: z.string(),
  minSalary: z.number().nullable(),
  maxSalary: z.number().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  /** Open: today + PUBLIC_PAGES.openJobValidDays; closed: when it was closed. */
  validThrough: z.string(),
});
export type PublicJob = z.infer<typeof publicJob>;

export const publicJobDetail = publicJob.extend({
  description: z.string(),
  requirements: z.string().nullable(),
});
export type PublicJobDetail = z.infer<typeof publicJobDetail>;

/** What the listed page is: all jobs, a category, a city or a topic. */
export const publicListing = z.object({
  kind: z.enum(['all', 'category', 'city', 'topic']),
  slug: z.string().nullable(),
  category: z.string().nullable(),
  city: z.object({ slug: z.string(), name: z.string(), state: z.string() }).nullable(),
  /** The catalogue key of a topic's label (`public.topics.<key>`). */
  topic: z.string().nullable(),
});
export type PublicListing = z.infer<typeof publicListing>;

export const publicJobsPage = z.object({
  listing: publicListing,
  jobs: z.array(publicJob),
  nextCursor: z.string().nullable(),
});
export type PublicJobsPage = z.infer<typeof publicJobsPage>;

export const publicJobAnswer = z.object({ job: publicJobDetail });

/** GET /api/public/filters: categories and the cities with the most open jobs, with counts. */
export const publicFilters = z.object({
  categories: z.array(z.object({ code: z.string(), slug: z.string(), jobs: z.number() })),
  cities: z.array(
    z.object({ slug: z.string(), name: z.string(), state: z.string(), jobs: z.number() }),
  ),
});
export type PublicFilters = z.infer<typeof publicFilters>;

/** GET /api/public/companies: verified companies with open jobs, by name. */
export const publicCompaniesQuery = z.object({
  cursor: z.string().max(300, m('errors.badRequest')).optional(),
});
export const publicCompany = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  verifiedDomain: z.string().nullable(),
  openJobs: z.number(),
  jobs: z.array(publicJob),
});
export type PublicCompany = z.infer<typeof publicCompany>;
export const publicCompaniesPage = z.object({
  companies: z.array(publicCompany),
  nextCursor: z.string().nullable(),
});
export type PublicCompaniesPage = z.infer<typeof publicCompaniesPage>;

/** Salaries (LPA) of open jobs that state one: lowest, median and highest of a group. */
const salaryRow = z.object({
  category: z.string(),
  jobs: z.number(),
  /** How many of those state a salary; the numbers come from these. */
  withSalary: z.number(),
  low: z.number().nullable(),
  median: z.number().nullable(),
  high: z.number().nullable(),
});
export type SalaryRow = z.infer<typeof salaryRow>;
export const salaryGuide = z.object({
  computedAt: z.string(),
  india: z.array(salaryRow),
  cities: z.array(
    z.object({ slug: z.string(), name: z.string(), state: z.string(), rows: z.array(salaryRow) }),
  ),
});
export type SalaryGuide = z.infer<typeof salaryGuide>;
