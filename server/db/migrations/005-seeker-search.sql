-- Recommended candidates: a seeker's own words (title, field of study, introduction) matched
-- against the recruiter's job titles by full-text search, and only onboarded seekers considered.
ALTER TABLE seeker_profiles ADD COLUMN profile_tsv tsvector
  GENERATED ALWAYS AS (to_tsvector('english',
    coalesce(job_title, '') || ' ' || coalesce(field_of_study, '') || ' ' || coalesce(introduction, ''))) STORED;
CREATE INDEX seeker_profiles_tsv ON seeker_profiles USING gin (profile_tsv);
-- Rejected candidates of a recruiter are left out of their recommendations.
CREATE INDEX chat_rooms_rejected ON chat_rooms (recruiter_id, seeker_id) WHERE status = 'rejected';
