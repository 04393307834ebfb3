-- The seeker's feed retrieves before it ranks (issue 16, decision 020): its candidates are the
-- newest open, published jobs of the seeker's category and of each city of their area, read
-- newest first from these two indexes and bounded per branch; the score then orders only those.
-- The INCLUDE columns are everything the score and the visibility check read, so the candidates
-- come from index-only scans. (A per-city index also serves remote jobs: city_id IS NULL.)
CREATE INDEX jobs_open_category ON jobs (job_category, created_at DESC, id DESC)
  INCLUDE (recruiter_id, type, level, min_salary, max_salary, city_id)
  WHERE status = 'open' AND moderation_state = 'published';
CREATE INDEX jobs_open_city ON jobs (city_id, created_at DESC, id DESC)
  INCLUDE (recruiter_id, type, level, job_category, min_salary, max_salary)
  WHERE status = 'open' AND moderation_state = 'published';
-- The feed no longer scores every open job, so the covering index of that scan (004) goes.
DROP INDEX IF EXISTS jobs_open_scoring;
