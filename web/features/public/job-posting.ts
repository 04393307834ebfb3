import type { PublicJobDetail } from '#shared/schemas/public.ts';

// schema.org JobPosting for a job's public page, as search engines read it (Google's job
// posting structured data): title, description, dates, employment type, the hiring company,
// where the job is and its base salary in INR a year (our salaries are lakh per annum).

const EMPLOYMENT_TYPE: Record<string, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

const LAKH = 100_000;

export function jobPosting(job: PublicJobDetail, url: (path: string) => string): object {
  const organization = {
    '@type': 'Organization',
    name: job.company,
    ...(job.verifiedDomain ? { sameAs: `https://${job.verifiedDomain}` } : {}),
    ...(job.companyLogo ? { logo: url(job.companyLogo) } : {}),
  };
  const where = job.city
    ? {
        jobLocation: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: job.city.name,
            addressRegion: job.city.state,
            addressCountry: 'IN',
          },
        },
      }
    : {
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: { '@type': 'Country', name: 'India' },
      };
  const min = job.minSalary ?? job.maxSalary;
  const max = job.maxSalary ?? job.minSalary;
  const salary =
    min !== null && max !== null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'INR',
            value: {
              '@type': 'QuantitativeValue',
              ...(min === max
                ? { value: Math.round(min * LAKH) }
                : { minValue: Math.round(min * LAKH), maxValue: Math.round(max * LAKH) }),
              unitText: 'YEAR',
            },
          },
        }
      : {};
  const description = [job.description, job.requirements].filter(Boolean).join('\n\n');
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: escapeHtml(description).replace(/\n/g, '<br>'),
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    datePosted: job.createdAt,
    validThrough: job.validThrough,
    employmentType: EMPLOYMENT_TYPE[job.type] ?? 'OTHER',
    hiringOrganization: organization,
    ...where,
    ...salary,
    url: url(job.path),
  };
}

/** The description is plain text; JobPosting's is HTML, so the text's own markup is escaped. */
function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!,
  );
}
