-- Decision 028 (session 22, abuse fixes): what makes reports independent, and one open report per
-- reporter and thing. Written so that it can run again (a test re-runs it over planted duplicates).

-- The network a report came from (an IPv4 address or an IPv6 /64), as an HMAC keyed with the
-- server's secret, never the address: several accounts on one network are not independent
-- reporters (reports.service.ts). NULL on rows from before, which count as their own network.
ALTER TABLE reports ADD COLUMN IF NOT EXISTS reporter_network text;

-- The network is kept only while it can count towards a hold: a resolved report, or one whose
-- reporter deleted their account (reporter_id set NULL), forgets it, whichever path got it there.
CREATE OR REPLACE FUNCTION reports_forget_network() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reporter_network := NULL;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS reports_forget_network ON reports;
CREATE TRIGGER reports_forget_network
  BEFORE INSERT OR UPDATE ON reports
  FOR EACH ROW WHEN (NEW.reporter_network IS NOT NULL
                     AND (NEW.resolved_at IS NOT NULL OR NEW.reporter_id IS NULL))
  EXECUTE FUNCTION reports_forget_network();
UPDATE reports SET reporter_network = NULL
 WHERE reporter_network IS NOT NULL AND (resolved_at IS NOT NULL OR reporter_id IS NULL);

-- One open report per reporter and thing. The check before the insert let two parallel identical
-- reports both in; duplicates stored so far are merged first: the oldest stays (and takes the
-- first details a newer one had when it had none), the newer go, as a 409 would have refused them.
WITH ranked AS (
  SELECT id, details, created_at,
         first_value(id) OVER w AS keep_id,
         row_number() OVER w AS n
    FROM reports
   WHERE resolved_at IS NULL AND reporter_id IS NOT NULL
  WINDOW w AS (PARTITION BY reporter_id, target_user_id, job_id, message_id ORDER BY created_at, id)
),
details AS (
  SELECT DISTINCT ON (keep_id) keep_id, details
    FROM ranked WHERE n > 1 AND details IS NOT NULL
   ORDER BY keep_id, created_at, id
),
folded AS (
  UPDATE reports k SET details = d.details FROM details d
   WHERE k.id = d.keep_id AND k.details IS NULL
)
DELETE FROM reports WHERE id IN (SELECT id FROM ranked WHERE n > 1);

-- NULLS NOT DISTINCT (PostgreSQL 15+, PGlite): a report on a person has no job and no message,
-- and those NULLs must collide. The scam shield's flags (no reporter) are not limited.
CREATE UNIQUE INDEX IF NOT EXISTS reports_open_once
  ON reports (reporter_id, target_user_id, job_id, message_id) NULLS NOT DISTINCT
  WHERE resolved_at IS NULL AND reporter_id IS NOT NULL;
