-- Decision 028 (session 21): public images (photos, company logos) were stored under
-- `public/u/<user id>/`, so every public job page's logo URL told anyone the recruiter's account
-- id. New images go under `public/m/<media_folder>/`, a random folder name kept here (made on the
-- first upload); `moveLegacyImages` moves the older ones at start. Account deletion removes both.
ALTER TABLE users ADD COLUMN media_folder text UNIQUE;

-- The images stored before, queued for `moveLegacyImages` (a row goes when its image moved, or
-- with its user). Filled once here: no new image is stored under an account id.
CREATE TABLE legacy_images (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  PRIMARY KEY (user_id, key)
);
INSERT INTO legacy_images (user_id, key)
SELECT user_id, profile_image FROM seeker_profiles
 WHERE profile_image LIKE 'public/u/' || user_id || '/%'
UNION
SELECT user_id, profile_image FROM recruiter_profiles
 WHERE profile_image LIKE 'public/u/' || user_id || '/%'
UNION
SELECT user_id, company_logo FROM recruiter_profiles
 WHERE company_logo LIKE 'public/u/' || user_id || '/%';
