-- The feed scores every open job (category, type, level, salary and city against the seeker's
-- preferences) before taking the best 20. Reading those few columns from a narrow covering index
-- instead of the wide job rows (descriptions) keeps that pass cheap: an index-only scan.
CREATE INDEX jobs_open_scoring ON jobs (created_at DESC, id DESC)
  INCLUDE (job_category, type, level, min_salary, max_salary, city_id)
  WHERE status = 'open';
