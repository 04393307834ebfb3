-- Trust I (issue 11): a verified mark that names its domain, seekers' contact data by consent,
-- limits that stop harvesting.

-- The registrable domain a verification proved ("zenith.in"): the mark shows it. Verifications
-- made before this rule (the old host-contains check) are not trusted: they are dropped and the
-- recruiter verifies again with a company domain.
ALTER TABLE recruiter_profiles ADD COLUMN verified_domain text;
UPDATE recruiter_profiles SET is_verified = false WHERE is_verified;
ALTER TABLE recruiter_profiles ADD CONSTRAINT recruiter_verified_domain
  CHECK (NOT is_verified OR verified_domain IS NOT NULL);
-- A GSTIN, when given, was checked for format, check digit and headquarters state on save.
ALTER TABLE recruiter_profiles ADD COLUMN gstin text CHECK (gstin ~ '^[0-9]{2}[A-Z0-9]{13}$');

-- Who sees the seeker's e-mail, phone and resume besides recruiters they chatted with.
ALTER TABLE seeker_profiles ADD COLUMN contact_visibility text NOT NULL DEFAULT 'verified_recruiters'
  CHECK (contact_visibility IN ('verified_recruiters', 'chat_only'));

-- Set when the seeker started the room or wrote in it: from then on the recruiter of this room
-- sees the seeker's contact data. Kept on the room (set by the message insert's room touch, a HOT
-- update: the column is in no index) so the consent check is one index lookup, not a message scan.
ALTER TABLE chat_rooms ADD COLUMN seeker_engaged boolean NOT NULL DEFAULT false;
UPDATE chat_rooms r SET seeker_engaged = true
 WHERE r.created_by = r.seeker_id
    OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.room_id = r.id AND m.sender_id = r.seeker_id);

-- Which recruiters looked at a seeker's profile: one row per recruiter, seeker and day (the
-- seeker's list, and the daily count of distinct candidates a recruiter may open).
CREATE TABLE profile_views (
  seeker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recruiter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL DEFAULT (now() AT TIME ZONE 'Asia/Kolkata')::date,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (recruiter_id, day, seeker_id)
);
CREATE INDEX profile_views_seeker ON profile_views (seeker_id, viewed_at DESC);
CREATE INDEX resume_downloads_recruiter ON resume_downloads (recruiter_id);

-- Token buckets (GCRA) for the limits of shared/limits.ts: one row per limit and key, updated in
-- one statement, shared by every server instance. `tat` is the theoretical arrival time: the
-- bucket is empty up to it, and a new event fits when tat + step stays within now + tolerance.
CREATE TABLE rate_buckets (
  bucket text NOT NULL,
  key text NOT NULL,
  tat timestamptz NOT NULL,
  -- How far ahead of now tat may run (the burst), in seconds.
  tolerance float8 NOT NULL,
  PRIMARY KEY (bucket, key)
);
