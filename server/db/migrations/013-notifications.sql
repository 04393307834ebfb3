-- Reach (issue 14, decision 016): Web Push subscriptions, each user's notification settings, the
-- durable notification queue and the SMS fallback's per-conversation record.

-- What may reach a user outside the app. No row = both on (the defaults).
CREATE TABLE notification_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  push boolean NOT NULL DEFAULT true,
  sms boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per browser (an endpoint is one browser profile on one device). An endpoint belongs to
-- the user who last subscribed with it: a shared computer's browser moves to whoever signs in.
CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 2000),
  p256dh text NOT NULL CHECK (char_length(p256dh) <= 200),
  auth text NOT NULL CHECK (char_length(auth) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, updated_at);

-- The queue. A job is 'pending' until it is 'done' or has 'failed' for good. A worker claims due
-- jobs with FOR UPDATE SKIP LOCKED and holds them for a lease (locked_until); a job whose worker
-- died is due again when the lease ends. attempts counts claims; a failed attempt moves run_at
-- out by an exponential backoff. Payloads carry ids only (no FKs: the handler finds a deleted
-- message or room gone and finishes the job).
CREATE TABLE notification_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('message', 'sms')),
  payload jsonb NOT NULL DEFAULT '{}',
  -- At most one pending job per key (the SMS fallback: one per conversation and recipient).
  dedupe_key text,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- Claims and the queue-depth gauge read pending jobs only, by due time.
CREATE INDEX notification_jobs_due ON notification_jobs (run_at) WHERE state = 'pending';
CREATE UNIQUE INDEX notification_jobs_dedupe ON notification_jobs (dedupe_key)
  WHERE state = 'pending' AND dedupe_key IS NOT NULL;
-- The prune of finished jobs.
CREATE INDEX notification_jobs_finished ON notification_jobs (finished_at) WHERE state <> 'pending';

-- A message from a person (not the system's automatic ones) enqueues its notification job in the
-- statement that stores it: committed together, so a crash between the two loses nothing. Rows
-- written with an old sent_at (demo data, imports) are not news and enqueue nothing.
CREATE FUNCTION notification_jobs_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_jobs (kind, payload) VALUES ('message', jsonb_build_object('messageId', NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER chat_messages_notify AFTER INSERT ON chat_messages
  FOR EACH ROW WHEN (NEW.sender_id IS NOT NULL AND NEW.sent_at > now() - interval '1 hour')
  EXECUTE FUNCTION notification_jobs_on_message();

-- The SMS fallback's record per conversation and recipient: when the last SMS went, and the
-- newest message it told of (later messages may earn the next one, 12 hours on). Written by the
-- worker only; no FKs (as candidate_scores, decision 008), orphans are pruned.
CREATE TABLE sms_notices (
  room_id uuid NOT NULL,
  user_id uuid NOT NULL,
  sent_at timestamptz NOT NULL,
  covered_message_id bigint NOT NULL,
  PRIMARY KEY (room_id, user_id)
);
