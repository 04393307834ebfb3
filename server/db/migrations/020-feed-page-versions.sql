-- Issue 16 (decision 020, "A feed page, kept"): the change counters of migration 019, now also
-- for everything a presented feed page shows or is filtered by, so a page can be kept in the
-- process and shown again while none of them moved:
--   job:<id>        a job's card changed (its title, company, location, or anything that moves
--                   its rank), it was opened, closed or moderated, or it was deleted;
--   recruiter:<id>  a recruiter's card changed (name, designation, pictures, verified mark, GST),
--                   their reply rate changed, or they were suspended, held, restored or deleted;
--   blocks:<id>     a block involving this user was made or lifted, either way.
-- The database bumps them itself, whoever writes: the API, moderation, the reply-rate worker,
-- plain SQL.

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
  ELSIF (OLD.title, OLD.company, OLD.location) IS DISTINCT FROM
        (NEW.title, NEW.company, NEW.location) THEN
    -- Shown on the card, but no part of its rank: the rankings stay, the pages go.
    PERFORM bump_feed_versions(ARRAY['job:' || NEW.id]);
  END IF;
  RETURN NULL;
END
$$;

-- Bumps `<prefix><column>` for each column named after the prefix, of the row written:
-- TG_ARGV = (prefix, column, ...).
CREATE FUNCTION row_feed_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
  keys text[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    keys := keys || (TG_ARGV[0] || (r ->> TG_ARGV[i]));
  END LOOP;
  PERFORM bump_feed_versions(keys);
  RETURN NULL;
END
$$;

CREATE TRIGGER recruiter_card_versions_insert_delete AFTER INSERT OR DELETE ON recruiter_profiles
  FOR EACH ROW EXECUTE FUNCTION row_feed_versions('recruiter:', 'user_id');
CREATE TRIGGER recruiter_card_versions_update AFTER UPDATE ON recruiter_profiles
  FOR EACH ROW
  WHEN ((OLD.full_name, OLD.designation, OLD.profile_image, OLD.company_logo, OLD.is_verified,
         OLD.verified_domain, OLD.gstin)
        IS DISTINCT FROM
        (NEW.full_name, NEW.designation, NEW.profile_image, NEW.company_logo, NEW.is_verified,
         NEW.verified_domain, NEW.gstin))
  EXECUTE FUNCTION row_feed_versions('recruiter:', 'user_id');

-- The worker rewrites every row every ten minutes; only a changed rate moves the counter.
CREATE TRIGGER reply_stats_versions_insert_delete AFTER INSERT OR DELETE ON recruiter_reply_stats
  FOR EACH ROW EXECUTE FUNCTION row_feed_versions('recruiter:', 'recruiter_id');
CREATE TRIGGER reply_stats_versions_update AFTER UPDATE ON recruiter_reply_stats
  FOR EACH ROW
  WHEN ((OLD.conversations, OLD.replied, OLD.median_reply_seconds)
        IS DISTINCT FROM (NEW.conversations, NEW.replied, NEW.median_reply_seconds))
  EXECUTE FUNCTION row_feed_versions('recruiter:', 'recruiter_id');

CREATE TRIGGER standing_versions AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.suspended_at, OLD.held_at, OLD.deleted_at)
        IS DISTINCT FROM (NEW.suspended_at, NEW.held_at, NEW.deleted_at))
  EXECUTE FUNCTION row_feed_versions('recruiter:', 'id');

CREATE TRIGGER blocks_versions AFTER INSERT OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION row_feed_versions('blocks:', 'blocker_id', 'blocked_id');
