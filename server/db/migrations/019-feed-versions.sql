-- Issue 16 (decision 020, "A seeker's ranking, kept"): a counter per thing a seeker's ranked
-- feed depends on, bumped by the database itself whenever it changes, whoever changes it (the
-- jobs service, moderation, the reply-rate worker's auto-close, an account's deletion):
--   category:<job_category>  a job of that category was posted, opened, closed, moderated or
--                            edited in a way that moves its rank;
--   city:<city_id>           the same for a job of that city;
--   type:<type>              the same for a job of that type (the feed's type chips);
--   seeker:<user_id>         that seeker's preferences changed.
-- A ranking kept for a seeker (server/modules/jobs/feed-rankings.ts) stores the sum of its keys'
-- counters; the counters only grow, so an equal sum means nothing it depends on has changed.
CREATE TABLE feed_versions (
  key text PRIMARY KEY,
  version bigint NOT NULL
);

-- Keys in a fixed order, each once: two writers never lock the same counters in opposite orders.
CREATE FUNCTION bump_feed_versions(keys text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO feed_versions (key, version)
    SELECT DISTINCT k, 1 FROM unnest(keys) k WHERE k IS NOT NULL ORDER BY k
  ON CONFLICT (key) DO UPDATE SET version = feed_versions.version + 1
$$;

CREATE FUNCTION jobs_feed_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_feed_versions(ARRAY['category:' || NEW.job_category, 'city:' || NEW.city_id,
                                     'type:' || NEW.type]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_feed_versions(ARRAY['category:' || OLD.job_category, 'city:' || OLD.city_id,
                                     'type:' || OLD.type]);
  ELSIF (OLD.status, OLD.moderation_state, OLD.job_category, OLD.city_id, OLD.type, OLD.level,
         OLD.min_salary, OLD.max_salary, OLD.created_at, OLD.recruiter_id)
        IS DISTINCT FROM
        (NEW.status, NEW.moderation_state, NEW.job_category, NEW.city_id, NEW.type, NEW.level,
         NEW.min_salary, NEW.max_salary, NEW.created_at, NEW.recruiter_id) THEN
    PERFORM bump_feed_versions(ARRAY['category:' || OLD.job_category, 'city:' || OLD.city_id,
                                     'type:' || OLD.type, 'category:' || NEW.job_category,
                                     'city:' || NEW.city_id, 'type:' || NEW.type]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_feed_versions AFTER INSERT OR UPDATE OR DELETE ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_feed_versions();

CREATE FUNCTION seeker_feed_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_feed_versions(ARRAY['seeker:' || OLD.user_id]);
  ELSIF (OLD.job_category, OLD.job_type, OLD.experience_range, OLD.salary_range, OLD.city_id)
        IS DISTINCT FROM
        (NEW.job_category, NEW.job_type, NEW.experience_range, NEW.salary_range, NEW.city_id) THEN
    PERFORM bump_feed_versions(ARRAY['seeker:' || NEW.user_id]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER seeker_feed_versions AFTER UPDATE OR DELETE ON seeker_profiles
  FOR EACH ROW EXECUTE FUNCTION seeker_feed_versions();
