-- Type chips of the feed ask which job types have open jobs (one index probe per type), and a
-- type-filtered feed reads open jobs of one type.
CREATE INDEX jobs_open_type ON jobs (type, created_at DESC, id DESC) WHERE status = 'open';
