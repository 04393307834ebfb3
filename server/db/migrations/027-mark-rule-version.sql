-- Decision 010 ("Brand look-alikes", session 25) and 028: which version of the company-verification
-- rule (server/lib/company-domain.ts COMPANY_RULE_VERSION) granted each verified mark. Marks given
-- before versioning are 0: the server re-checks every mark below the current version at start
-- (modules/onboarding/recheck-marks.ts) and stamps the ones that still pass.
ALTER TABLE recruiter_profiles ADD COLUMN mark_rule smallint NOT NULL DEFAULT 0;
-- Why the re-check took a mark away ({"key": <catalogue key>, "vars": {...}}), and when: the
-- recruiter's settings say so until they verify again.
ALTER TABLE recruiter_profiles ADD COLUMN mark_removed jsonb;
ALTER TABLE recruiter_profiles ADD COLUMN mark_removed_at timestamptz;
-- The marks still to re-check, in keyset order; empty after a start.
CREATE INDEX recruiter_profiles_mark_rule ON recruiter_profiles (mark_rule, user_id) WHERE is_verified;
-- The re-check's removals are recorded with the moderators' actions (no moderator: admin_id NULL).
ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_action_check;
ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_action_check
  CHECK (action IN ('dismiss', 'publish_job', 'hide_job', 'close_job', 'suspend', 'restore', 'unverify'));
