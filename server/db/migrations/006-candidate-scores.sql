-- Recommended candidates, precomputed (decision 008): each recruiter's best open job for each
-- eligible seeker, with the score and the reasons, refreshed by the worker in
-- server/modules/matching/candidate-scores.ts. Triggers record every change that can move a score,
-- so no code path can forget to; the worker turns those records into fresh rows.
--
-- No foreign keys on candidate_scores, on purpose: a cascade from users/jobs into this table, or
-- the key-share locks a bulk refresh takes on users and jobs rows, would make an account deletion
-- and a refresh lock the same rows in opposite orders (a deadlock, which PostgreSQL resolves by
-- aborting one of them: possibly the user's request). Rows of a deleted user or job are never
-- shown (reads join users and jobs) and are removed by the next refresh, which the triggers below
-- schedule.
CREATE TABLE candidate_scores (
  recruiter_id uuid NOT NULL,
  seeker_id uuid NOT NULL,
  job_id uuid NOT NULL,
  score smallint NOT NULL,
  km real,
  f_category boolean NOT NULL,
  f_type boolean NOT NULL,
  f_experience boolean NOT NULL,
  f_salary boolean NOT NULL,
  f_profile boolean NOT NULL,
  f_remote boolean NOT NULL,
  f_points smallint NOT NULL,
  -- Seeker first: the key also serves a seeker refresh (a seeker's rows across recruiters), and
  -- the page index serves everything by recruiter, so two indexes are maintained, not three.
  PRIMARY KEY (seeker_id, recruiter_id)
);
-- A page is a range scan of this index in the page's order.
CREATE INDEX candidate_scores_page ON candidate_scores (recruiter_id, score DESC, km ASC NULLS LAST, seeker_id);

-- A recruiter's rows are fresh when scored_rev = jobs_rev; every change to their open jobs bumps
-- jobs_rev, a refresh sets scored_rev to the jobs_rev it started from.
CREATE TABLE candidate_score_state (
  recruiter_id uuid PRIMARY KEY,
  jobs_rev bigint NOT NULL DEFAULT 1,
  scored_rev bigint NOT NULL DEFAULT 0
);
-- The worker's poll: which recruiters are stale.
CREATE INDEX candidate_score_state_stale ON candidate_score_state (recruiter_id) WHERE scored_rev <> jobs_rev;

-- Seekers whose rows must be recomputed. rev changes every time the seeker is marked again, so a
-- refresh only removes the entries it has seen (a change during the refresh stays queued).
CREATE SEQUENCE candidate_score_dirty_rev;
CREATE TABLE candidate_score_dirty (
  seeker_id uuid PRIMARY KEY,
  rev bigint NOT NULL DEFAULT nextval('candidate_score_dirty_rev'),
  marked_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION candidate_scores_bump_recruiter(r uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_score_state AS st (recruiter_id) VALUES (r)
    ON CONFLICT (recruiter_id) DO UPDATE SET jobs_rev = st.jobs_rev + 1;
END $$;

CREATE FUNCTION candidate_scores_mark_seeker(s uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_score_dirty AS d (seeker_id) VALUES (s)
    ON CONFLICT (seeker_id) DO UPDATE SET rev = EXCLUDED.rev, marked_at = EXCLUDED.marked_at;
END $$;

CREATE FUNCTION candidate_scores_jobs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM candidate_scores_bump_recruiter(OLD.recruiter_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.recruiter_id IS DISTINCT FROM OLD.recruiter_id) THEN
    PERFORM candidate_scores_bump_recruiter(NEW.recruiter_id);
  END IF;
  RETURN NULL;
END $$;

-- Only open jobs are scored: closed jobs matter when they open or close.
CREATE TRIGGER jobs_candidate_scores_insert AFTER INSERT ON jobs
  FOR EACH ROW WHEN (NEW.status = 'open') EXECUTE FUNCTION candidate_scores_jobs_changed();
CREATE TRIGGER jobs_candidate_scores_update
  AFTER UPDATE OF recruiter_id, status, title, city_id, type, level, job_category, min_salary, max_salary ON jobs
  FOR EACH ROW WHEN ((OLD.status = 'open' OR NEW.status = 'open') AND
    ROW(OLD.recruiter_id, OLD.status, OLD.title, OLD.city_id, OLD.type, OLD.level, OLD.job_category, OLD.min_salary, OLD.max_salary)
    IS DISTINCT FROM
    ROW(NEW.recruiter_id, NEW.status, NEW.title, NEW.city_id, NEW.type, NEW.level, NEW.job_category, NEW.min_salary, NEW.max_salary))
  EXECUTE FUNCTION candidate_scores_jobs_changed();
CREATE TRIGGER jobs_candidate_scores_delete AFTER DELETE ON jobs
  FOR EACH ROW WHEN (OLD.status = 'open') EXECUTE FUNCTION candidate_scores_jobs_changed();

CREATE FUNCTION candidate_scores_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM candidate_scores_mark_seeker(NEW.user_id);
  RETURN NULL;
END $$;

-- profile_tsv (migration 005) is generated from job_title, field_of_study and introduction: an
-- AFTER trigger sees its new value, so only a change of the words that count marks the seeker.
CREATE TRIGGER seeker_profiles_candidate_scores_insert AFTER INSERT ON seeker_profiles
  FOR EACH ROW EXECUTE FUNCTION candidate_scores_profile_changed();
CREATE TRIGGER seeker_profiles_candidate_scores_update
  AFTER UPDATE OF job_category, job_type, experience_range, salary_range, city_id, job_title, field_of_study, introduction
  ON seeker_profiles
  FOR EACH ROW WHEN (
    ROW(OLD.job_category, OLD.job_type, OLD.experience_range, OLD.salary_range, OLD.city_id, OLD.profile_tsv)
    IS DISTINCT FROM
    ROW(NEW.job_category, NEW.job_type, NEW.experience_range, NEW.salary_range, NEW.city_id, NEW.profile_tsv))
  EXECUTE FUNCTION candidate_scores_profile_changed();

CREATE FUNCTION candidate_scores_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM candidate_scores_mark_seeker(OLD.id);
  ELSE
    PERFORM candidate_scores_mark_seeker(NEW.id);
  END IF;
  RETURN NULL;
END $$;

-- Who may be recommended: onboarded, not deleted, a seeker. A deleted account's rows go too.
CREATE TRIGGER users_candidate_scores_update AFTER UPDATE OF is_onboarded, deleted_at, user_role ON users
  FOR EACH ROW WHEN (
    ROW(OLD.is_onboarded, OLD.deleted_at IS NULL, OLD.user_role)
    IS DISTINCT FROM
    ROW(NEW.is_onboarded, NEW.deleted_at IS NULL, NEW.user_role))
  EXECUTE FUNCTION candidate_scores_user_changed();
CREATE TRIGGER users_candidate_scores_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.user_role IS DISTINCT FROM 'recruiter')
  EXECUTE FUNCTION candidate_scores_user_changed();

-- Recruiters who already have open jobs start stale: the worker fills their rows after start.
INSERT INTO candidate_score_state (recruiter_id)
  SELECT DISTINCT recruiter_id FROM jobs WHERE status = 'open';
