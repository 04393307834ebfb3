import { describe, expect, it } from 'vitest';
import type { PublicJobDetail } from '#shared/schemas/public.ts';
import { jobPosting } from './job-posting.ts';

const job: PublicJobDetail = {
  id: '3f2b8c1e-9a4d-4c6b-8e2f-1a7d5b9c0e34',
  path: '/jobs/view/warehouse-associate-acme-logistics-pune-3f2b8c1e-9a4d-4c6b-8e2f-1a7d5b9c0e34',
  title: 'Warehouse Associate',
  company: 'Acme Logistics',
  companyLogo: '/media/public/u/x/logo.webp',
  verifiedDomain: 'acme.in',
  location: 'Pune',
  city: { slug: 'pune', name: 'Pune', state: 'Maharashtra' },
  type: 'full_time',
  level: 'entry',
  jobCategory: 'operations_admin',
  minSalary: 2.5,
  maxSalary: 3.2,
  status: 'open',
  createdAt: '2026-11-01T10:00:00.000000Z',
  validThrough: '2026-12-24T10:00:00.000Z',
  description: 'Pick & pack <orders>.\nNight shifts.',
  requirements: null,
};
const url = (p: string) => `https://nearhire.in${p}`;

describe('JobPosting structured data', () => {
  it('names what search engines read: dates, type, company, place and salary in INR a year', () => {
    expect(jobPosting(job, url)).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Warehouse Associate',
      description: 'Pick &amp; pack &lt;orders&gt;.<br>Night shifts.',
      identifier: { '@type': 'PropertyValue', name: 'Acme Logistics', value: job.id },
      datePosted: job.createdAt,
      validThrough: job.validThrough,
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Acme Logistics',
        sameAs: 'https://acme.in',
        logo: 'https://nearhire.in/media/public/u/x/logo.webp',
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Pune',
          addressRegion: 'Maharashtra',
          addressCountry: 'IN',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 250000,
          maxValue: 320000,
          unitText: 'YEAR',
        },
      },
      url: `https://nearhire.in${job.path}`,
    });
  });

  it('a remote job is telecommute in India; no salary, no baseSalary; one figure is a value', () => {
    const remote = jobPosting({ ...job, city: null, minSalary: null, maxSalary: null }, url);
    expect(remote).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'India' },
    });
    expect(remote).not.toHaveProperty('baseSalary');
    expect(remote).not.toHaveProperty('jobLocation');
    const exact = jobPosting({ ...job, minSalary: null, maxSalary: 4 }, url) as {
      baseSalary: { value: unknown };
    };
    expect(exact.baseSalary.value).toEqual({
      '@type': 'QuantitativeValue',
      value: 400000,
      unitText: 'YEAR',
    });
  });
});
