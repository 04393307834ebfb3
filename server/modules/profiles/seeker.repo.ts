import type { Queryable } from '../../db/client.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import type { ContactVisibility } from '#shared/picklists.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { can, type Actor, type SeekerFacts } from '../../policies/policies.ts';
import { noBlockSql } from '../moderation/visibility.ts';

// One query for the profile and its city; work experiences as a JSON array in the same row.
const SELECT = `
  SELECT s.*, u.phone_no, s.resume_key IS NOT NULL AS has_resume, s.resume_uploaded_at::text AS resume_uploaded,
         c.id AS c_id, c.name AS c_name, c.state AS c_state,
         COALESCE((SELECT json_agg(json_build_object(
                     'id', w.id, 'companyName', w.company_name, 'designation', w.designation, 'industry', w.industry,
                     'startYear', w.start_year, 'endYear', w.end_year, 'isCurrent', w.is_current)
                   ORDER BY w.is_current DESC, w.start_year DESC)
                   FROM work_experiences w WHERE w.candidate_id = s.user_id), '[]'::json) AS work
    FROM seeker_profiles s
    JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
    LEFT JOIN cities c ON c.id = s.city_id`;

type Row = Record<string, unknown>;

/** The seeker's own profile: everything, contact data included. */
export async function findSeekerProfile(
  q: Queryable,
  userId: string,
): Promise<SeekerProfileView | null> {
  const [row] = await q.query<Row>(`${SELECT} WHERE s.user_id = $1 AND u.user_role = 'user'`, [
    userId,
  ]);
  return row ? present(row, true) : null;
}

/**
 * An onboarded seeker's profile as a recruiter sees it, with the facts of the consent rule (did
 * the seeker chat with this recruiter; is the recruiter verified). Contact data is left out unless
 * the policy 'candidate.contact' allows it.
 */
export async function findCandidateFor(
  q: Queryable,
  viewer: Actor,
  seekerId: string,
): Promise<{ profile: SeekerProfileView; facts: SeekerFacts } | null> {
  const [row] = await q.query<Row>(
    `${SELECT} WHERE s.user_id = $1 AND u.user_role = 'user' AND u.is_onboarded`,
    [seekerId],
  );
  const facts = row ? await seekerFacts(q, viewer.id, seekerId) : null;
  if (!row || !facts) return null;
  return { profile: present(row, can(viewer, 'candidate.contact', facts)), facts };
}

/**
 * What the consent rule needs to know about a seeker and one viewer; null: no such seeker for this
 * viewer: none at all, one who has not finished onboarding (their candidate page is not shown
 * either), or one with a block between them and the viewer either way (a block withdraws every
 * consent: the profile, the contact details and the resume are gone for that recruiter at once).
 */
export async function seekerFacts(
  q: Queryable,
  viewerId: string,
  seekerId: string,
): Promise<SeekerFacts | null> {
  const [row] = await q.query<{
    visibility: ContactVisibility;
    engaged: boolean;
    verified: boolean;
  }>(
    `SELECT s.contact_visibility AS visibility,
            EXISTS (SELECT 1 FROM chat_rooms r WHERE r.recruiter_id = $2 AND r.seeker_id = $1 AND r.seeker_engaged) AS engaged,
            COALESCE((SELECT rp.is_verified FROM recruiter_profiles rp WHERE rp.user_id = $2), false) AS verified
       FROM seeker_profiles s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL AND u.user_role = 'user'
      WHERE s.user_id = $1
        AND (s.user_id = $2 OR (u.is_onboarded AND ${noBlockSql('s.user_id', '$2::uuid')}))`,
    [seekerId, viewerId],
  );
  if (!row) return null;
  return {
    seekerId,
    visibility: row.visibility,
    engagedWithViewer: row.engaged,
    viewerVerified: row.verified,
  };
}

function present(r: Row, contactShared: boolean): SeekerProfileView {
  const s = (k: string) => (r[k] as string | null) ?? null;
  const n = (k: string) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  const work = (
    typeof r.work === 'string' ? JSON.parse(r.work) : r.work
  ) as SeekerProfileView['workExperiences'];
  return {
    userId: r.user_id as string,
    fullName: s('full_name'),
    email: contactShared ? s('email') : null,
    phone: contactShared ? s('phone_no') : null,
    contactShared,
    contactVisibility: (s('contact_visibility') ?? 'verified_recruiters') as ContactVisibility,
    gender: s('gender'),
    profileImage: mediaUrl(s('profile_image')),
    hasResume: Boolean(r.has_resume),
    resumeUploadedAt: s('resume_uploaded'),
    educationLevel: s('education_level'),
    workExperience: s('work_experience'),
    noticePeriod: s('notice_period'),
    schoolName: s('school_name'),
    schoolMarks: n('school_marks'),
    schoolStartYear: n('school_start_year'),
    schoolEndYear: n('school_end_year'),
    collegeName: s('college_name'),
    degree: s('degree'),
    fieldOfStudy: s('field_of_study'),
    collegeStartYear: n('college_start_year'),
    collegeEndYear: n('college_end_year'),
    cgpa: n('cgpa'),
    jobTitle: s('job_title'),
    companyName: s('company_name'),
    jobIndustry: s('job_industry'),
    jobStartYear: n('job_start_year'),
    jobEndYear: n('job_end_year'),
    isCurrent: Boolean(r.is_current),
    languages: (r.languages as string[]) ?? [],
    skills: (r.skills as string[]) ?? [],
    bio: s('bio'),
    introduction: s('introduction'),
    industry: s('industry'),
    jobType: s('job_type'),
    jobCategory: s('job_category'),
    salaryRange: s('salary_range'),
    experienceRange: s('experience_range'),
    city: r.c_id
      ? { id: Number(r.c_id), name: r.c_name as string, state: r.c_state as string }
      : null,
    workExperiences: work.map((w) => ({
      ...w,
      endYear: w.endYear ?? null,
      industry: w.industry ?? null,
    })),
  };
}

const COLUMNS: Record<string, string> = {
  fullName: 'full_name',
  email: 'email',
  profileImage: 'profile_image',
  bio: 'bio',
  introduction: 'introduction',
  skills: 'skills',
  languages: 'languages',
  jobTitle: 'job_title',
  companyName: 'company_name',
  collegeName: 'college_name',
  degree: 'degree',
  fieldOfStudy: 'field_of_study',
  educationLevel: 'education_level',
  workExperience: 'work_experience',
  noticePeriod: 'notice_period',
  jobType: 'job_type',
  industry: 'industry',
  salaryRange: 'salary_range',
  experienceRange: 'experience_range',
  cityId: 'city_id',
  jobCategory: 'job_category',
  contactVisibility: 'contact_visibility',
};

/** Updates only the given fields (names from a fixed map, values as parameters). */
export async function updateSeekerFields(
  q: Queryable,
  userId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const entries = Object.entries(fields).filter(([k, v]) => k in COLUMNS && v !== undefined);
  await q.query(
    'INSERT INTO seeker_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
    [userId],
  );
  if (entries.length === 0) return;
  const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 2}`).join(', ');
  await q.query(`UPDATE seeker_profiles SET ${sets}, updated_at = now() WHERE user_id = $1`, [
    userId,
    ...entries.map(([, v]) => v),
  ]);
}
