-- Every foreign key gets an index led by its columns (server/db/indexes.test.ts keeps it so).
-- Without one, deleting or re-keying a referenced row scans the whole referencing table, once per
-- row: deleting an account cascades to its rooms and their messages, and each deleted message
-- looked for reports by scanning `reports`; each deleted user scanned `chat_messages` for
-- sender_id. Columns that are mostly NULL get a partial index (the foreign-key check asks for
-- `col = $1`, which an `IS NOT NULL` index answers).
-- Plain CREATE INDEX (migrations run in a transaction, so not CONCURRENTLY): it blocks writes to
-- the table while it builds; on a large chat_messages run it before the deploy, CONCURRENTLY,
-- with the same name (IF NOT EXISTS then skips it here). See docs/decisions/015.

CREATE INDEX IF NOT EXISTS chat_messages_sender ON chat_messages (sender_id);
CREATE INDEX IF NOT EXISTS chat_rooms_created_by ON chat_rooms (created_by);
CREATE INDEX IF NOT EXISTS one_time_codes_user ON one_time_codes (user_id)
  WHERE user_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS jobs_city ON jobs (city_id);
CREATE INDEX IF NOT EXISTS recruiter_profiles_headquarters_city
  ON recruiter_profiles (headquarters_city_id);
CREATE INDEX IF NOT EXISTS reports_message ON reports (message_id) WHERE message_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS reports_resolved_by ON reports (resolved_by)
  WHERE resolved_by IS NOT NULL;
CREATE INDEX IF NOT EXISTS moderation_actions_admin ON moderation_actions (admin_id);
CREATE INDEX IF NOT EXISTS moderation_actions_report ON moderation_actions (report_id)
  WHERE report_id IS NOT NULL;

-- Not a foreign key: the hourly prune deletes expired sessions by expires_at (lib/rate-limit.ts).
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);
