-- Trust II (issue 12): moderators, report and block, the scam shield's holds and warnings.

-- A third role, created from the command line only (npm run admin -- add <phone>).
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_user_role_check;
ALTER TABLE users ADD CONSTRAINT users_user_role_check CHECK (user_role IN ('user', 'recruiter', 'admin'));
-- Suspended by a moderator: no sessions, no sockets, jobs out of feeds.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
-- Held after three independent reports, until a moderator decides: jobs out of feeds.
ALTER TABLE users ADD COLUMN held_at timestamptz;

-- The scam shield's codes for a message (shared/scam-shield): shown to the reader as a warning.
ALTER TABLE chat_messages ADD COLUMN warnings text[] NOT NULL DEFAULT '{}';

-- A job the shield flagged is 'held' (not in feeds or recommendations) until a moderator
-- publishes it; 'hidden' is a moderator's decision (shown as held to its owner).
ALTER TABLE jobs ADD COLUMN moderation_state text NOT NULL DEFAULT 'published'
  CHECK (moderation_state IN ('published', 'held', 'hidden'));
ALTER TABLE jobs ADD COLUMN moderation_reasons text[] NOT NULL DEFAULT '{}';

-- Reports by users, and the shield's own flags (reporter_id NULL, reason 'shield'): the queue.
CREATE TABLE reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Whom the report is about (a recruiter or a seeker), and what: a job, a message, or the person.
  target_user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs (id) ON DELETE CASCADE,
  message_id bigint REFERENCES chat_messages (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('money', 'fake_job', 'harassment', 'spam', 'other', 'shield')),
  details text CHECK (char_length(details) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  resolution text,
  CHECK (target_user_id IS NOT NULL OR job_id IS NOT NULL)
);
CREATE INDEX reports_open ON reports (created_at) WHERE resolved_at IS NULL;
CREATE INDEX reports_job ON reports (job_id) WHERE job_id IS NOT NULL;
CREATE INDEX reports_target ON reports (target_user_id);
CREATE INDEX reports_reporter ON reports (reporter_id);

-- Blocks stop messages both ways and hide each side from the other's lists, feeds and
-- recommendations.
CREATE TABLE blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id);

-- Every moderator action: who, when, why, on what.
CREATE TABLE moderation_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('dismiss', 'publish_job', 'hide_job', 'close_job', 'suspend', 'restore')),
  report_id uuid REFERENCES reports (id) ON DELETE SET NULL,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  target_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_job ON moderation_actions (job_id);
CREATE INDEX moderation_actions_user ON moderation_actions (target_user_id);

-- When the recruiter first wrote in a room (set by the message insert's room touch, a HOT update):
-- the reply rate and the 7-day auto-close read it instead of scanning messages.
ALTER TABLE chat_rooms ADD COLUMN first_recruiter_reply_at timestamptz;
UPDATE chat_rooms r SET first_recruiter_reply_at =
  (SELECT min(m.sent_at) FROM chat_messages m WHERE m.room_id = r.id AND m.sender_id = r.recruiter_id);

-- Recommended candidates come from open, published jobs: a hold or a moderator's decision
-- changes a recruiter's scored jobs like a status change does (decision 008's trigger).
CREATE TRIGGER jobs_candidate_scores_moderation
  AFTER UPDATE OF moderation_state ON jobs
  FOR EACH ROW WHEN (OLD.status = 'open' AND OLD.moderation_state IS DISTINCT FROM NEW.moderation_state)
  EXECUTE FUNCTION candidate_scores_jobs_changed();
