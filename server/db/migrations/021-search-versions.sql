-- Issue 16 (decision 020, "A search's window, kept"): a search's main section is the feed's
-- window with the words, and the jobs of a window that have some words are kept in the process
-- for every seeker of that window, checked by the window's counters (`category:`, `city:`). So a
-- change to the words a search reads (title, company, description) now moves those counters too,
-- as a change to a job's rank does; the location is on the card only, and moves `job:` alone.
CREATE OR REPLACE FUNCTION jobs_feed_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_feed_versions(ARRAY['category:' || NEW.job_category, 'city:' || NEW.city_id,
                                     'type:' || NEW.type]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_feed_versions(ARRAY['category:' || OLD.job_category, 'city:' || OLD.city_id,
                                     'type:' || OLD.type, 'job:' || OLD.id]);
  ELSIF (OLD.status, OLD.moderation_state, OLD.job_category, OLD.city_id, OLD.type, OLD.level,
         OLD.min_salary, OLD.max_salary, OLD.created_at, OLD.recruiter_id)
        IS DISTINCT FROM
        (NEW.status, NEW.moderation_state, NEW.job_category, NEW.city_id, NEW.type, NEW.level,
         NEW.min_salary, NEW.max_salary, NEW.created_at, NEW.recruiter_id) THEN
    PERFORM bump_feed_versions(ARRAY['category:' || OLD.job_category, 'city:' || OLD.city_id,
                                     'type:' || OLD.type, 'category:' || NEW.job_category,
                                     'city:' || NEW.city_id, 'type:' || NEW.type,
                                     'job:' || NEW.id]);
  ELSIF (OLD.title, OLD.company, OLD.description) IS DISTINCT FROM
        (NEW.title, NEW.company, NEW.description) THEN
    -- What a search finds: the window's kept matches go with the card (and the rankings of the
    -- window with them, which share its counters).
    PERFORM bump_feed_versions(ARRAY['category:' || NEW.job_category, 'city:' || NEW.city_id,
                                     'job:' || NEW.id]);
  ELSIF OLD.location IS DISTINCT FROM NEW.location THEN
    PERFORM bump_feed_versions(ARRAY['job:' || NEW.id]);
  END IF;
  RETURN NULL;
END
$$;

-- A seeker's first preferences count as a change too (onboarding inserts a bare row today and
-- fills it in with an update, but a writer that inserts a full row must move the counter).
CREATE OR REPLACE FUNCTION seeker_feed_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_feed_versions(ARRAY['seeker:' || OLD.user_id]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM bump_feed_versions(ARRAY['seeker:' || NEW.user_id]);
  ELSIF (OLD.job_category, OLD.job_type, OLD.experience_range, OLD.salary_range, OLD.city_id)
        IS DISTINCT FROM
        (NEW.job_category, NEW.job_type, NEW.experience_range, NEW.salary_range, NEW.city_id) THEN
    PERFORM bump_feed_versions(ARRAY['seeker:' || NEW.user_id]);
  END IF;
  RETURN NULL;
END
$$;

-- Replaced in place (PostgreSQL 14+): a lock that lets reads of the table go on, unlike a drop.
-- A migration waits at most this long for a lock rather than queue every reader behind it.
SET LOCAL lock_timeout = '5s';
CREATE OR REPLACE TRIGGER seeker_feed_versions AFTER INSERT OR UPDATE OR DELETE ON seeker_profiles
  FOR EACH ROW EXECUTE FUNCTION seeker_feed_versions();

-- Contract (docs/deploy.md): the release before this one (session 13's) no longer reads the
-- `blocks:` counters (the check of kept cards reads the blocks themselves), so their trigger
-- goes. Its few rows stay: harmless, and deleting them would scan every counter under the lock.
DROP TRIGGER blocks_versions ON blocks;
