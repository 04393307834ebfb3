-- Public job pages, sitemap, companies and salary guide (issue 17, decision 027).

-- /jobs without a category or city filter, newest first, and the sitemap's keyset walk (read
-- backwards, oldest first): open, published jobs only, like the feed's indexes of migration 015.
-- recruiter_id is included so the good-standing filter and the sitemap's walk are index-only.
CREATE INDEX jobs_open_listed ON jobs (created_at DESC, id DESC) INCLUDE (recruiter_id)
  WHERE status = 'open' AND moderation_state = 'published';

-- A company's open jobs on /companies (the newest few and their count) without reading its
-- closed ones.
CREATE INDEX jobs_open_recruiter ON jobs (recruiter_id, created_at DESC, id DESC)
  WHERE status = 'open' AND moderation_state = 'published';

-- /companies: verified companies by name, keyset on (lower(company_name), user_id).
CREATE INDEX recruiter_profiles_verified_name ON recruiter_profiles (lower(company_name), user_id)
  WHERE is_verified;

-- The few users out of good standing (suspended or held), read once per public statement as an
-- array (server/modules/moderation/visibility.ts outOfStandingIdsSql), never a scan of users.
CREATE INDEX users_out_of_standing ON users (id)
  WHERE suspended_at IS NOT NULL OR held_at IS NOT NULL;

-- /jobs with both a city and a category: without it the walk reads the city's whole index when
-- the city has few jobs of that category (measured: 5,000 rows read for none found, 300,000
-- jobs), with it the page's rows only. Both filters alone use the indexes of migration 015.
CREATE INDEX jobs_open_city_category ON jobs (city_id, job_category, created_at DESC, id DESC)
  WHERE status = 'open' AND moderation_state = 'published';
