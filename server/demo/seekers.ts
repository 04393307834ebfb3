import type { Queryable } from '../db/client.ts';

// A few hundred generated, realistic job seekers so recommendations have something to rank.
// Deterministic: the same demo every time (a seeded PRNG, not Math.random).
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = {
  male: [
    'Aarav',
    'Vivaan',
    'Aditya',
    'Arjun',
    'Sai',
    'Rohan',
    'Karthik',
    'Rahul',
    'Amit',
    'Suresh',
    'Manoj',
    'Imran',
    'Faizan',
    'Gurpreet',
    'Harish',
    'Vikram',
    'Naveen',
    'Prakash',
    'Sanjay',
    'Abhishek',
    'Deepak',
    'Rakesh',
    'Siddharth',
    'Yash',
    'Kunal',
  ],
  female: [
    'Ananya',
    'Diya',
    'Priya',
    'Sneha',
    'Pooja',
    'Kavya',
    'Meera',
    'Lakshmi',
    'Divya',
    'Aisha',
    'Fatima',
    'Harpreet',
    'Neha',
    'Ritu',
    'Swati',
    'Anjali',
    'Shreya',
    'Nandini',
    'Bhavana',
    'Revathi',
    'Sana',
    'Tanvi',
    'Ishita',
    'Madhuri',
    'Keerthi',
  ],
} as const;
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Kulkarni',
  'Deshpande',
  'Das',
  'Banerjee',
  'Mukherjee',
  'Singh',
  'Gupta',
  'Khan',
  'Ansari',
  'Menon',
  'Pillai',
  'Rao',
  'Naidu',
  'Joshi',
  'Chauhan',
  'Yadav',
  'Mishra',
  'Fernandes',
  'Dsouza',
  'Gill',
  'Bhat',
  'Hegde',
  'Chatterjee',
];
const CITIES = [
  'Bengaluru',
  'Mumbai',
  'Delhi',
  'Hyderabad',
  'Chennai',
  'Pune',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Noida',
  'Gurugram',
  'Kochi',
  'Coimbatore',
  'Indore',
  'Nagpur',
  'Mysuru',
  'Thane',
  'Navi Mumbai',
  'Chandigarh',
  'Bhubaneswar',
  'Visakhapatnam',
  'Surat',
  'Vadodara',
  'Nashik',
];
const COLLEGES = [
  'Delhi University',
  'Mumbai University',
  'Anna University',
  'Osmania University',
  'Christ University',
  'Savitribai Phule Pune University',
  'Jadavpur University',
  'Amity University',
  'VIT Vellore',
  'SRM Institute of Science and Technology',
  'Manipal Institute of Technology',
  'RV College of Engineering',
  'Loyola College',
  "St. Xavier's College",
  'Symbiosis International University',
  'Andhra University',
  'Gujarat University',
  'Calicut University',
  'Bangalore University',
  'Lovely Professional University',
];
const SCHOOLS = [
  'Kendriya Vidyalaya',
  'Delhi Public School',
  "St. Joseph's High School",
  'Jawahar Navodaya Vidyalaya',
  'Government Higher Secondary School',
  'DAV Public School',
  'Ryan International School',
  'Sacred Heart Convent',
];
const LANGS_BY_CITY: Record<string, string> = {
  Bengaluru: 'Kannada',
  Mysuru: 'Kannada',
  Chennai: 'Tamil',
  Coimbatore: 'Tamil',
  Hyderabad: 'Telugu',
  Visakhapatnam: 'Telugu',
  Kochi: 'Malayalam',
  Mumbai: 'Marathi',
  Pune: 'Marathi',
  Thane: 'Marathi',
  'Navi Mumbai': 'Marathi',
  Nagpur: 'Marathi',
  Nashik: 'Marathi',
  Kolkata: 'Bengali',
  Ahmedabad: 'Gujarati',
  Surat: 'Gujarati',
  Vadodara: 'Gujarati',
  Bhubaneswar: 'Odia',
  Chandigarh: 'Punjabi',
};

type Profile = {
  category: string;
  titles: string[];
  companies: string[];
  degrees: string[];
  fields: string[];
  skills: string[];
  industry: string;
};
const PROFILES: Profile[] = [
  {
    category: 'software_development',
    titles: [
      'Software Engineer',
      'Frontend Developer',
      'Backend Developer',
      'QA Engineer',
      'Data Analyst',
      'Android Developer',
    ],
    companies: ['Infosys', 'TCS', 'Wipro', 'HCLTech', 'Tech Mahindra', 'Mindtree', 'Freshworks'],
    degrees: ['btech', 'be', 'bsc', 'mtech'],
    fields: ['Computer Science', 'Information Technology', 'Electronics', 'Mathematics'],
    skills: [
      'Java',
      'Python',
      'React',
      'SQL',
      'Node.js',
      'TypeScript',
      'Selenium',
      'Power BI',
      'Kotlin',
    ],
    industry: 'technology',
  },
  {
    category: 'sales_bd',
    titles: [
      'Sales Executive',
      'Business Development Executive',
      'Area Sales Manager',
      'Relationship Manager',
    ],
    companies: [
      'HDFC Bank',
      'Reliance Retail',
      "Byju's",
      'Airtel',
      'Asian Paints',
      'Hindustan Unilever',
    ],
    degrees: ['bcom', 'ba', 'mba', 'bsc'],
    fields: ['Commerce', 'Marketing', 'Economics', 'Business Administration'],
    skills: ['Field sales', 'Negotiation', 'CRM', 'Lead generation', 'Channel sales', 'MS Excel'],
    industry: 'retail',
  },
  {
    category: 'finance_accounting',
    titles: ['Accountant', 'Accounts Executive', 'Credit Analyst', 'Audit Associate'],
    companies: ['Deloitte', 'KPMG', 'Bajaj Finance', 'ICICI Bank', 'Muthoot Finance'],
    degrees: ['bcom', 'mcom', 'mba'],
    fields: ['Accounting', 'Finance', 'Commerce'],
    skills: ['Tally', 'GST', 'MS Excel', 'Reconciliation', 'TDS', 'SAP FICO'],
    industry: 'finance',
  },
  {
    category: 'customer_support',
    titles: [
      'Customer Support Executive',
      'Telecaller',
      'Customer Care Associate',
      'Chat Support Agent',
    ],
    companies: ['Teleperformance', 'Concentrix', 'Swiggy', 'Flipkart', 'Amazon'],
    degrees: ['ba', 'bcom', 'bsc'],
    fields: ['Arts', 'Commerce', 'English'],
    skills: ['Communication', 'Hindi', 'English', 'Zendesk', 'Complaint handling'],
    industry: 'technology',
  },
  {
    category: 'marketing_advertising',
    titles: [
      'Digital Marketing Executive',
      'Content Writer',
      'Social Media Manager',
      'SEO Analyst',
    ],
    companies: ['Ogilvy', 'Nykaa', 'Zomato', 'Dentsu', 'Lenskart'],
    degrees: ['ba', 'bcom', 'mba', 'ma'],
    fields: ['Mass Communication', 'Marketing', 'English Literature'],
    skills: ['SEO', 'Google Ads', 'Instagram', 'Copywriting', 'Canva', 'Analytics'],
    industry: 'retail',
  },
  {
    category: 'education_training',
    titles: ['Teacher', 'Tutor', 'Academic Counsellor', 'Trainer'],
    companies: ['Aakash', 'Allen', 'Vedantu', 'Delhi Public School', 'Unacademy'],
    degrees: ['bsc', 'msc', 'ba', 'ma'],
    fields: ['Physics', 'Mathematics', 'Chemistry', 'English', 'Education'],
    skills: ['Lesson planning', 'CBSE', 'Classroom management', 'JEE coaching', 'Online teaching'],
    industry: 'education',
  },
  {
    category: 'operations_admin',
    titles: [
      'Operations Executive',
      'Store Manager',
      'Warehouse Supervisor',
      'Office Administrator',
    ],
    companies: ['Delhivery', 'BigBasket', 'DMart', 'Blue Dart', 'Ekart'],
    degrees: ['ba', 'bcom', 'mba', 'bsc'],
    fields: ['Operations', 'Logistics', 'Commerce'],
    skills: ['Inventory', 'MS Excel', 'Team handling', 'SAP', 'Vendor management'],
    industry: 'retail',
  },
];
const EXPERIENCES = ['fresher', '1_3', '3_5', '5_plus', '8_plus'] as const;
const PREF_EXPERIENCE: Record<string, string> = {
  fresher: 'fresher',
  '1_3': '1_3',
  '3_5': '3_5',
  '5_plus': '5_plus',
  '8_plus': '5_plus',
};
const SALARY_FOR: Record<string, string> = {
  fresher: 'under_3',
  '1_3': '3_6',
  '3_5': '6_10',
  '5_plus': '10_plus',
  '8_plus': '10_plus',
};

export const DEMO_SEEKER_COUNT = 240;

export async function demoSeekers(q: Queryable): Promise<void> {
  const rand = prng(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const cityIds = new Map<string, number>();
  for (const row of await q.query<{ id: number; name: string }>(
    'SELECT DISTINCT ON (name) id, name FROM cities WHERE name = ANY($1) ORDER BY name, population DESC NULLS LAST',
    [CITIES],
  )) {
    cityIds.set(row.name, row.id);
  }
  const year = new Date().getFullYear();
  for (let i = 0; i < DEMO_SEEKER_COUNT; i++) {
    const gender = rand() < 0.5 ? 'male' : 'female';
    const name = `${pick(FIRST[gender])} ${pick(LAST)}`;
    const p = pick(PROFILES);
    const exp = pick(EXPERIENCES);
    const fresher = exp === 'fresher';
    const highSchool = fresher && rand() < 0.15;
    const degree = pick(p.degrees);
    const masters = ['mtech', 'mba', 'mcom', 'msc', 'ma'].includes(degree);
    const years = { fresher: 0, '1_3': 2, '3_5': 4, '5_plus': 6, '8_plus': 9 }[exp];
    const gradEnd = year - years - (fresher ? Math.floor(rand() * 2) : 0);
    const city = pick(CITIES);
    const prefCity = rand() < 0.8 ? city : pick(CITIES);
    const title = pick(p.titles);
    const company = pick(p.companies);
    const skills = [...new Set([pick(p.skills), pick(p.skills), pick(p.skills)])];
    const languages = [...new Set(['English', 'Hindi', LANGS_BY_CITY[city] ?? 'Hindi'])];
    const phone = `+9180000${String(10000 + i).padStart(5, '0')}`;
    const [user] = await q.query<{ id: string }>(
      `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step, created_at)
       VALUES ($1, 'user', true, 6, now() - make_interval(days => $2)) RETURNING id`,
      [phone, i % 60],
    );
    const intro = fresher
      ? `${highSchool ? 'Recently finished school' : `Fresh ${degree.toUpperCase()} graduate`} from ${city}, eager to start as a ${title.toLowerCase()}. Quick learner, good with ${skills[0]}.`
      : `${title} with ${years}+ years at ${company}. Strong in ${skills.join(', ')}. Looking for a ${p.category.replace(/_/g, ' ')} role in ${prefCity}.`;
    await q.query(
      `INSERT INTO seeker_profiles (user_id, full_name, email, gender, education_level, work_experience, notice_period,
          school_name, school_marks, school_start_year, school_end_year,
          college_name, degree, field_of_study, college_start_year, college_end_year, cgpa,
          job_title, company_name, job_industry, job_start_year, is_current,
          languages, skills, introduction, industry, job_type, job_category, salary_range, experience_range, city_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
               $23, $24, $25, $26, $27, $28, $29, $30, $31)`,
      [
        user!.id,
        name,
        `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${i}@example.in`,
        gender,
        highSchool ? 'high_school' : masters ? 'masters' : 'bachelors',
        exp,
        pick(['immediately', '15_days', '1_month', '2_months']),
        `${pick(SCHOOLS)}, ${city}`,
        Math.round((60 + rand() * 38) * 10) / 10,
        gradEnd - (highSchool ? 2 : 6),
        gradEnd - (highSchool ? 0 : 4),
        highSchool ? null : pick(COLLEGES),
        highSchool ? null : degree,
        highSchool ? null : pick(p.fields),
        highSchool ? null : gradEnd - (masters ? 5 : 3),
        highSchool ? null : gradEnd,
        highSchool ? null : Math.round((6 + rand() * 3.5) * 10) / 10,
        fresher ? null : title,
        fresher ? null : company,
        fresher ? null : p.industry,
        fresher ? null : year - years,
        !fresher,
        languages,
        skills,
        intro,
        p.industry,
        rand() < 0.85 ? 'full_time' : pick(['part_time', 'contract']),
        p.category,
        SALARY_FOR[exp],
        PREF_EXPERIENCE[exp],
        cityIds.get(prefCity) ?? null,
      ],
    );
    if (!fresher) {
      await q.query(
        `INSERT INTO work_experiences (candidate_id, company_name, designation, industry, start_year, is_current) VALUES ($1, $2, $3, $4, $5, true)`,
        [user!.id, company, title, p.industry, year - years],
      );
    }
  }
}
