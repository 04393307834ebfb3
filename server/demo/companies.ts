import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import type { Storage } from '../adapters/storage.ts';
import { putImageFiles } from '../modules/files/images.ts';
import { imagePrefix, mediaFolder } from '../modules/files/media-folder.ts';

// Demo recruiters and their jobs: realistic (fictional) Indian companies in several cities.
interface DemoCompany {
  phone: string;
  name: string;
  recruiter: string;
  gender: 'male' | 'female';
  designation: string;
  domain: string;
  city: string;
  address: string;
  size: string;
  financing: string;
  revenue: string;
  verified: boolean;
  colour: string;
  jobs: [
    title: string,
    category: string,
    type: string,
    level: string,
    min: number | null,
    max: number | null,
    city: string | null,
    description: string,
  ][];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    phone: '+919000000011',
    name: 'Annapurna Foods',
    recruiter: 'Rohit Kulkarni',
    gender: 'male',
    designation: 'HR Business Partner',
    domain: 'annapurnafoods.in',
    city: 'Pune',
    address: 'Plot 14, Hinjewadi Phase 2, Pune',
    size: '501_1000',
    financing: 'bootstrapped',
    revenue: 'over_70cr',
    verified: true,
    colour: '#b45309',
    jobs: [
      [
        'Area Sales Manager',
        'sales_bd',
        'full_time',
        '3_5',
        6,
        9,
        'Pune',
        'Grow our packaged-food distribution across Pune district. Manage 8 distributors and a team of 12 sales officers.',
      ],
      [
        'Sales Officer (FMCG)',
        'sales_bd',
        'full_time',
        'entry',
        2.4,
        3.6,
        'Nashik',
        'Visit retailers on an assigned beat, take orders and run in-store promotions. Two-wheeler and licence needed.',
      ],
      [
        'Accounts Executive',
        'finance_accounting',
        'full_time',
        '1_3',
        3,
        4.5,
        'Pune',
        'Tally, GST returns, vendor reconciliation and month-end closing for our plant.',
      ],
      [
        'Customer Care Associate (Marathi/Hindi)',
        'customer_support',
        'full_time',
        'entry',
        2,
        2.8,
        'Pune',
        'Answer consumer calls and WhatsApp messages about orders and quality complaints.',
      ],
      [
        'Warehouse Supervisor',
        'operations_admin',
        'full_time',
        '3_5',
        3.6,
        5,
        'Aurangabad',
        'Run inbound and outbound at our 40,000 sq ft warehouse; FIFO, stock audits, a team of 20.',
      ],
      [
        'Digital Marketing Intern',
        'marketing_advertising',
        'internship',
        'entry',
        1.2,
        1.8,
        null,
        'Six-month remote internship: Instagram reels, influencer outreach and campaign reports.',
      ],
    ],
  },
  {
    phone: '+919000000012',
    name: 'Kaveri Logistics',
    recruiter: 'Lakshmi Narayanan',
    gender: 'female',
    designation: 'Talent Acquisition Manager',
    domain: 'kaverilogistics.co.in',
    city: 'Chennai',
    address: 'SIDCO Industrial Estate, Guindy, Chennai',
    size: '1001_5000',
    financing: 'series_c_plus',
    revenue: 'over_70cr',
    verified: true,
    colour: '#1d4ed8',
    jobs: [
      [
        'Fleet Operations Executive',
        'operations_admin',
        'full_time',
        '1_3',
        3,
        4.2,
        'Chennai',
        'Plan daily truck routes, track vehicles on our TMS and coordinate with drivers in Tamil and English.',
      ],
      [
        'Delivery Partner (Two-wheeler)',
        'operations_admin',
        'part_time',
        'entry',
        1.8,
        2.6,
        'Chennai',
        'Flexible shifts delivering parcels in Velachery and Adyar. Weekly payouts and fuel allowance.',
      ],
      [
        'Backend Engineer (Node.js)',
        'software_development',
        'full_time',
        '3_5',
        14,
        22,
        'Bengaluru',
        'Build our shipment-tracking APIs in Node.js and PostgreSQL. Kafka experience is a plus.',
      ],
      [
        'Data Analyst',
        'software_development',
        'full_time',
        '1_3',
        6,
        9,
        'Chennai',
        'SQL, Excel and Power BI dashboards for network planning. You will work with the operations heads.',
      ],
      [
        'Customer Support Executive (Tamil)',
        'customer_support',
        'full_time',
        'entry',
        2.2,
        3,
        'Coimbatore',
        'Resolve delivery queries for our B2B customers over phone and email.',
      ],
      [
        'Regional Sales Head - South',
        'sales_bd',
        'full_time',
        'senior',
        25,
        35,
        'Chennai',
        'Own B2B logistics revenue across Tamil Nadu, Kerala and Karnataka. 10+ years in logistics sales.',
      ],
    ],
  },
  {
    phone: '+919000000013',
    name: 'BrightPath Academy',
    recruiter: 'Neha Gupta',
    gender: 'female',
    designation: 'Head of People',
    domain: 'brightpath.edu.in',
    city: 'Delhi',
    address: 'B-42, Lajpat Nagar II, New Delhi',
    size: '201_500',
    financing: 'series_a',
    revenue: '11_50cr',
    verified: false,
    colour: '#7c3aed',
    jobs: [
      [
        'Mathematics Teacher (Class 9-12)',
        'education_training',
        'full_time',
        '3_5',
        5,
        8,
        'Delhi',
        'Teach CBSE maths in our Lajpat Nagar centre; JEE foundation batches in the evening.',
      ],
      [
        'Academic Counsellor',
        'sales_bd',
        'full_time',
        '1_3',
        3.5,
        5.5,
        'Noida',
        'Counsel parents and students on our courses, walk-ins and calls. Incentives on admissions.',
      ],
      [
        'Online Physics Tutor',
        'education_training',
        'part_time',
        '1_3',
        2.4,
        4,
        null,
        'Evening live classes for NEET aspirants, from home. Hindi and English.',
      ],
      [
        'Centre Administrator',
        'operations_admin',
        'full_time',
        'entry',
        2.4,
        3.2,
        'Gurugram',
        'Front desk, fee collection, timetable and attendance for a centre of 400 students.',
      ],
      [
        'Content Writer (Edtech)',
        'marketing_advertising',
        'contract',
        '1_3',
        3,
        4.5,
        null,
        'Six-month contract writing blog posts, exam guides and social posts.',
      ],
      [
        'Customer Success Associate',
        'customer_support',
        'full_time',
        'entry',
        2.6,
        3.4,
        'Noida',
        'Help parents with app, payments and class schedules over calls and chat.',
      ],
    ],
  },
  {
    phone: '+919000000014',
    name: 'Meridian Finserv',
    recruiter: 'Aditya Mehta',
    gender: 'male',
    designation: 'Recruitment Lead',
    domain: 'meridianfinserv.com',
    city: 'Mumbai',
    address: 'Level 9, One BKC, Bandra Kurla Complex, Mumbai',
    size: '51_200',
    financing: 'series_b',
    revenue: '50_70cr',
    verified: true,
    colour: '#047857',
    jobs: [
      [
        'Relationship Manager - Home Loans',
        'sales_bd',
        'full_time',
        '1_3',
        4,
        7,
        'Mumbai',
        'Source and close home-loan customers through builders and DSAs in the western suburbs.',
      ],
      [
        'Credit Analyst',
        'finance_accounting',
        'full_time',
        '1_3',
        6,
        9,
        'Mumbai',
        'Underwrite MSME loans: bank statements, GST data and site visits. CA inter or MBA finance preferred.',
      ],
      [
        'Collections Executive',
        'finance_accounting',
        'full_time',
        'entry',
        2.4,
        3.2,
        'Thane',
        'Follow up on EMIs by phone and field visits. Marathi and Hindi needed.',
      ],
      [
        'React Native Developer',
        'software_development',
        'full_time',
        '3_5',
        12,
        18,
        'Mumbai',
        'Own our lending app on React Native and TypeScript; offline-first forms and camera KYC.',
      ],
      [
        'Compliance Officer',
        'finance_accounting',
        'full_time',
        '5_plus',
        12,
        16,
        'Mumbai',
        'RBI NBFC compliance, audits and KYC/AML policy. 5+ years at an NBFC or bank.',
      ],
      [
        'Telecaller - Personal Loans',
        'customer_support',
        'full_time',
        'entry',
        1.8,
        2.6,
        'Navi Mumbai',
        'Call interested customers, explain loan offers and collect documents on WhatsApp.',
      ],
    ],
  },
  {
    phone: '+919000000015',
    name: 'Nimbus Retail',
    recruiter: 'Sandeep Reddy',
    gender: 'male',
    designation: 'HR Manager',
    domain: 'nimbusretail.in',
    city: 'Hyderabad',
    address: 'Road No. 36, Jubilee Hills, Hyderabad',
    size: '5001_10000',
    financing: 'public',
    revenue: 'over_70cr',
    verified: true,
    colour: '#be123c',
    jobs: [
      [
        'Store Manager',
        'operations_admin',
        'full_time',
        '5_plus',
        7,
        10,
        'Hyderabad',
        'Run a 12,000 sq ft electronics store: sales targets, staff of 25, inventory and customer experience.',
      ],
      [
        'Retail Sales Associate',
        'sales_bd',
        'full_time',
        'entry',
        1.8,
        2.6,
        'Hyderabad',
        'Help customers choose phones and appliances; incentives on every sale. Telugu preferred.',
      ],
      [
        'Visual Merchandiser',
        'marketing_advertising',
        'full_time',
        '1_3',
        3,
        4.5,
        'Vijayawada',
        'Design window and in-store displays for new launches across our Andhra stores.',
      ],
      [
        'Cashier',
        'finance_accounting',
        'part_time',
        'entry',
        1.5,
        2,
        'Warangal',
        'Weekend and evening billing shifts at our Warangal store.',
      ],
      [
        'Frontend Developer (React)',
        'software_development',
        'full_time',
        '1_3',
        8,
        12,
        'Hyderabad',
        'Build our e-commerce storefront in React and TypeScript; performance on low-end phones matters.',
      ],
      [
        'Marketing Manager',
        'marketing_advertising',
        'full_time',
        '5_plus',
        15,
        22,
        'Hyderabad',
        'Lead regional campaigns, festive sales and the loyalty programme for Telangana and Andhra.',
      ],
    ],
  },
];

/** The demo recruiter of issue #2 posts jobs too (Zenith Softworks, Bengaluru). */
export const ZENITH_JOBS: DemoCompany['jobs'] = [
  [
    'Frontend Developer (React)',
    'software_development',
    'full_time',
    '1_3',
    7,
    11,
    'Bengaluru',
    'Build our SaaS dashboard in React and TypeScript with a small product team in Koramangala.',
  ],
  [
    'QA Engineer',
    'software_development',
    'full_time',
    '1_3',
    5,
    8,
    'Bengaluru',
    'Write Playwright tests and own release quality for our web and mobile apps.',
  ],
  [
    'Inside Sales Executive',
    'sales_bd',
    'full_time',
    'entry',
    3,
    4.5,
    'Bengaluru',
    'Call and demo our product to small businesses across India. Kannada or Hindi is a plus.',
  ],
  [
    'Product Designer',
    'software_development',
    'contract',
    '3_5',
    12,
    16,
    null,
    'Six-month remote contract designing onboarding and billing flows in Figma.',
  ],
  [
    'Customer Support Specialist',
    'customer_support',
    'full_time',
    'entry',
    2.8,
    3.8,
    'Mysuru',
    'Chat and email support for our customers, 6-day week with rotating shifts.',
  ],
  [
    'Engineering Manager',
    'software_development',
    'full_time',
    'senior',
    35,
    50,
    'Bengaluru',
    'Lead two squads of 6 engineers; hands-on with Node.js and React. 8+ years.',
  ],
];

async function cityIdByName(q: Queryable, name: string | null): Promise<number | null> {
  if (!name) return null;
  const [row] = await q.query<{ id: number }>(
    'SELECT id FROM cities WHERE name = $1 ORDER BY population DESC NULLS LAST LIMIT 1',
    [name],
  );
  return row?.id ?? null;
}

/** A simple logo (coloured tile with a few shapes), stored like an uploaded one (with variants). */
export async function makeLogo(
  q: Queryable,
  storage: Storage,
  userId: string,
  colour: string,
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="${colour}"/>
    <circle cx="128" cy="104" r="44" fill="#fff" fill-opacity="0.9"/><rect x="64" y="164" width="128" height="24" rx="12" fill="#fff" fill-opacity="0.8"/></svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
  const key = `${imagePrefix(await mediaFolder(q, userId))}logo-${randomBytes(8).toString('hex')}.webp`;
  await putImageFiles(storage, key, webp);
  return key;
}

export async function insertJobs(
  q: Queryable,
  recruiterId: string,
  company: string,
  jobs: DemoCompany['jobs'],
): Promise<void> {
  for (const [i, [title, category, type, level, min, max, city, description]] of jobs.entries()) {
    const cityId = await cityIdByName(q, city);
    await q.query(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, min_salary, max_salary, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - make_interval(hours => $12))`,
      [
        recruiterId,
        title,
        company,
        city ?? 'Remote',
        cityId,
        type,
        level,
        category,
        min,
        max,
        description,
        i * 7 + company.length,
      ],
    );
  }
}

export async function demoCompanies(q: Queryable, storage: Storage): Promise<void> {
  // The main demo recruiter (users.ts) gets a logo and jobs too.
  const [zenith] = await q.query<{ id: string }>(
    "SELECT id FROM users WHERE phone_no = '+919000000001'",
  );
  if (zenith) {
    const logo = await makeLogo(q, storage, zenith.id, '#0f766e');
    await q.query('UPDATE recruiter_profiles SET company_logo = $2 WHERE user_id = $1', [
      zenith.id,
      logo,
    ]);
    await insertJobs(q, zenith.id, 'Zenith Softworks', ZENITH_JOBS);
  }
  for (const c of DEMO_COMPANIES) {
    const [user] = await q.query<{ id: string }>(
      `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step) VALUES ($1, 'recruiter', true, 4) RETURNING id`,
      [c.phone],
    );
    const logo = await makeLogo(q, storage, user!.id, c.colour);
    const email = `${c.recruiter.split(' ')[0]!.toLowerCase()}@${c.domain}`;
    await q.query(
      `INSERT INTO recruiter_profiles (user_id, full_name, gender, email, designation, company_name, company_logo, employee_size,
          financing_status, annual_revenue, website_url, headquarters_address, headquarters_city_id, is_verified, verified_email, verified_domain, verified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, CASE WHEN $14 THEN now() END)`,
      [
        user!.id,
        c.recruiter,
        c.gender,
        email,
        c.designation,
        c.name,
        logo,
        c.size,
        c.financing,
        c.revenue,
        `https://${c.domain}`,
        c.address,
        await cityIdByName(q, c.city),
        c.verified,
        c.verified ? email : null,
        c.verified ? c.domain : null,
      ],
    );
    await insertJobs(q, user!.id, c.name, c.jobs);
  }
}
