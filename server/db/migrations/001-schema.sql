-- The whole data model (spec section 3, adjusted by decisions.md). Plain SQL that runs unchanged
-- on PGlite and PostgreSQL 15+. Pick-list values are stored as the canonical codes of
-- shared/picklists.ts; the CHECKs below keep rows honest whatever a client sends.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Indian cities with coordinates: every location is one of these so distances are real.
CREATE TABLE cities (
  id integer PRIMARY KEY,
  name text NOT NULL,
  state text NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
  population integer,
  UNIQUE (name, state)
);
CREATE INDEX cities_name_trgm ON cities USING gin (lower(name) gin_trgm_ops);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone_no text NOT NULL UNIQUE CHECK (phone_no ~ '^\+91[6-9][0-9]{9}$'),
  user_role text CHECK (user_role IN ('user', 'recruiter')),
  is_onboarded boolean NOT NULL DEFAULT false,
  onboarding_step integer NOT NULL DEFAULT 1 CHECK (onboarding_step BETWEEN 1 AND 6),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- Seeker profile, including the onboarding-only fields and the job preferences used for matching
-- (the spec keeps preferences on `user` too; one home avoids two copies drifting). The legacy
-- `profiles` table of the spec (bio, skills, education, current work) is folded in here.
CREATE TABLE seeker_profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  full_name text CHECK (char_length(full_name) <= 100),
  email text CHECK (char_length(email) <= 254),
  gender text CHECK (gender IN ('male', 'female')),
  profile_image text,
  resume_key text,
  resume_uploaded_at timestamptz,
  education_level text CHECK (education_level IN ('high_school', 'pre_university', 'bachelors', 'masters', 'phd')),
  work_experience text CHECK (work_experience IN ('fresher', '1_3', '3_5', '5_plus', '8_plus')),
  notice_period text CHECK (notice_period IN ('immediately', '15_days', '1_month', '2_months')),
  school_name text,
  school_marks double precision CHECK (school_marks BETWEEN 0 AND 100),
  school_start_year integer,
  school_end_year integer,
  college_name text,
  degree text CHECK (degree IN ('ba', 'bsc', 'bcom', 'btech', 'be', 'ma', 'msc', 'mcom', 'mtech', 'mba', 'phd', 'other')),
  field_of_study text,
  college_start_year integer,
  college_end_year integer,
  cgpa double precision CHECK (cgpa >= 0 AND cgpa <= 100),
  job_title text,
  company_name text,
  job_industry text,
  job_start_year integer,
  job_end_year integer,
  is_current boolean NOT NULL DEFAULT false,
  languages text[] NOT NULL DEFAULT '{}',
  skills text[] NOT NULL DEFAULT '{}',
  bio text CHECK (char_length(bio) <= 1000),
  introduction text CHECK (char_length(introduction) <= 500),
  -- job preferences
  industry text CHECK (industry IN ('technology', 'finance', 'healthcare', 'education', 'retail')),
  job_type text CHECK (job_type IN ('full_time', 'part_time', 'contract', 'internship')),
  job_category text CHECK (job_category IN ('software_development', 'marketing_advertising', 'sales_bd', 'finance_accounting', 'customer_support', 'education_training', 'operations_admin', 'other')),
  salary_range text CHECK (salary_range IN ('under_3', '3_6', '6_10', '10_plus')),
  experience_range text CHECK (experience_range IN ('fresher', '1_3', '3_5', '5_plus')),
  city_id integer REFERENCES cities (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Candidate matching filters on category/type/experience and city (issue: recommendations).
CREATE INDEX seeker_profiles_match ON seeker_profiles (job_category, experience_range, job_type);
CREATE INDEX seeker_profiles_city ON seeker_profiles (city_id);

CREATE TABLE recruiter_profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  full_name text CHECK (char_length(full_name) <= 100),
  gender text CHECK (gender IN ('male', 'female')),
  email text CHECK (char_length(email) <= 254),
  designation text CHECK (char_length(designation) <= 100),
  profile_image text,
  company_name text CHECK (char_length(company_name) <= 150),
  company_logo text,
  employee_size text CHECK (employee_size IN ('1_10', '11_50', '51_200', '201_500', '501_1000', '1001_5000', '5001_10000', '10000_plus')),
  financing_status text CHECK (financing_status IN ('bootstrapped', 'seed', 'series_a', 'series_b', 'series_c_plus', 'public', 'acquired')),
  annual_revenue text CHECK (annual_revenue IN ('pre_revenue', 'under_1cr', '1_10cr', '11_50cr', '50_70cr', 'over_70cr')),
  website_url text,
  headquarters_address text,
  headquarters_city_id integer REFERENCES cities (id),
  is_verified boolean NOT NULL DEFAULT false,
  verified_email text,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE work_experiences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_name text NOT NULL,
  designation text NOT NULL,
  industry text,
  start_year integer NOT NULL,
  end_year integer,
  is_current boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_year IS NULL OR end_year >= start_year)
);
-- "current entry first", then newest.
CREATE INDEX work_experiences_candidate ON work_experiences (candidate_id, is_current DESC, start_year DESC);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recruiter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  company text NOT NULL,
  location text NOT NULL DEFAULT 'Remote',
  city_id integer REFERENCES cities (id),
  type text NOT NULL CHECK (type IN ('full_time', 'part_time', 'contract', 'internship')),
  level text NOT NULL CHECK (level IN ('entry', '1_3', '3_5', '5_plus', 'senior')),
  job_category text NOT NULL CHECK (job_category IN ('software_development', 'marketing_advertising', 'sales_bd', 'finance_accounting', 'customer_support', 'education_training', 'operations_admin', 'other')),
  min_salary double precision CHECK (min_salary >= 0 AND min_salary <= 1000),
  max_salary double precision CHECK (max_salary >= 0 AND max_salary <= 1000),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 5000),
  requirements text CHECK (char_length(requirements) <= 5000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (min_salary IS NULL OR max_salary IS NULL OR min_salary <= max_salary)
);
-- Seeker feed: open jobs newest first, keyset on (created_at, id).
CREATE INDEX jobs_feed ON jobs (created_at DESC, id DESC) WHERE status = 'open';
-- Recruiter's own list, keyset on (created_at, id).
CREATE INDEX jobs_recruiter ON jobs (recruiter_id, created_at DESC, id DESC);
-- Feed text search over title, company and description (ILIKE '%term%').
CREATE INDEX jobs_search_trgm ON jobs USING gin ((lower(title || ' ' || company || ' ' || description)) gin_trgm_ops);

-- An application is a chat room that belongs to a job (decisions.md); its status is the
-- application's status.
CREATE TABLE chat_rooms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  recruiter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seeker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cover_letter text CHECK (char_length(cover_letter) <= 2000),
  status text NOT NULL CHECK (status IN ('initiated', 'interested', 'shortlisted', 'interviewing', 'rejected', 'hired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (recruiter_id <> seeker_id)
);
-- One room per recruiter, seeker and job (a room without a job counts once too).
CREATE UNIQUE INDEX chat_rooms_pair_job ON chat_rooms (recruiter_id, seeker_id, job_id) NULLS NOT DISTINCT;
CREATE INDEX chat_rooms_recruiter ON chat_rooms (recruiter_id, status, updated_at DESC);
CREATE INDEX chat_rooms_seeker ON chat_rooms (seeker_id, updated_at DESC);
CREATE INDEX chat_rooms_job ON chat_rooms (job_id, status);

CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id uuid NOT NULL REFERENCES chat_rooms (id) ON DELETE CASCADE,
  sender_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Made by the sending client: a retried send is stored once.
  client_id uuid NOT NULL,
  kind text NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'status', 'interview', 'resume_request')),
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  meta jsonb,
  is_read boolean NOT NULL DEFAULT false,
  sent_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (room_id, client_id)
);
-- Messages of a room in order, and "everything after id N" on reconnect.
CREATE INDEX chat_messages_room ON chat_messages (room_id, id);
-- Unread counts: only unread rows are indexed.
CREATE INDEX chat_messages_unread ON chat_messages (room_id, sender_id) WHERE NOT is_read;

-- Login and e-mail verification codes: only a keyed hash is stored.
CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('login', 'company_email')),
  target text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX one_time_codes_target ON one_time_codes (purpose, target, created_at DESC);

-- Rate-limit events in the database, so every server instance sees the same counts.
CREATE TABLE rate_events (
  bucket text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_lookup ON rate_events (bucket, key, at DESC);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Every recruiter download of a seeker's resume (decisions.md "Files").
CREATE TABLE resume_downloads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seeker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recruiter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  downloaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resume_downloads_seeker ON resume_downloads (seeker_id, downloaded_at DESC);
