-- Recommended candidates at scale (issue 16 point 4, decision 025): each recruiter keeps only their
-- best few thousand candidates, and a refresh finds them through indexes on the seeker's category,
-- city and experience instead of scoring every seeker.

-- Each list's length, and whether it was full at its last refresh (then a changed seeker enters
-- only by not ranking below the list's last row, and a list that lost too many rows is refreshed).
ALTER TABLE candidate_score_state
  ADD COLUMN kept integer NOT NULL DEFAULT 0,
  ADD COLUMN truncated boolean NOT NULL DEFAULT false;

-- Retrieval branches (candidate-score-sql.ts poolSql), most recently updated seekers first, each
-- read index-only up to its bound: category · category and experience · category in a city ·
-- experience in a city · a city. They replace the narrower indexes of migration 001
-- (seeker_profiles_pool_city now serves the city foreign key; seeker_profiles_match was read by
-- no statement).
CREATE INDEX seeker_profiles_pool_category ON seeker_profiles (job_category, updated_at DESC, user_id);
CREATE INDEX seeker_profiles_pool_category_experience ON seeker_profiles (job_category, experience_range, updated_at DESC, user_id);
CREATE INDEX seeker_profiles_pool_category_city ON seeker_profiles (job_category, city_id, updated_at DESC, user_id);
CREATE INDEX seeker_profiles_pool_city_experience ON seeker_profiles (city_id, experience_range, updated_at DESC, user_id);
CREATE INDEX seeker_profiles_pool_city ON seeker_profiles (city_id, updated_at DESC, user_id);
DROP INDEX IF EXISTS seeker_profiles_city;
DROP INDEX IF EXISTS seeker_profiles_match;

-- Existing lists hold every pair: count them, and make every recruiter stale so the worker trims
-- each to its best few thousand; until then their current list is served.
UPDATE candidate_score_state st SET kept = c.n
  FROM (SELECT recruiter_id, count(*)::int AS n FROM candidate_scores GROUP BY recruiter_id) c
 WHERE st.recruiter_id = c.recruiter_id;
UPDATE candidate_score_state SET jobs_rev = jobs_rev + 1 WHERE scored_rev = jobs_rev;
