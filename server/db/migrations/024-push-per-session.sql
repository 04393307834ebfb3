-- Decision 028 (session 21, privacy audit): a browser's push subscription belongs to the session
-- that made it, not only to the user. "Sign out of other devices" (or any end of a session) left
-- the other devices' subscriptions, and their lock screens kept showing new messages. Pushes go
-- only to subscriptions whose session is live; a session's end takes its subscriptions with it.
-- Rows from before have no session: they are bound at the app's next subscribe (every start), and
-- until then go on as before.
ALTER TABLE push_subscriptions
  ADD COLUMN session_hash text REFERENCES sessions (token_hash) ON DELETE CASCADE;
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);
