-- Chat lists page by keyset on (updated_at, id) for members with any number of rooms
-- (server/modules/chat/list.repo.ts; decision 007, "Chat list paging").
-- updated_at itself stays out of every index, so the room touch of each message remains a HOT
-- update (migration 007). The order comes from `active_day`, the day of updated_at in Indian
-- Standard Time (UTC+05:30, no daylight saving): it changes on a room's first touch of a day only,
-- so that touch alone writes index entries, and a page reads the rooms of the days it spans (an
-- incremental sort within a day) instead of all of a member's rooms. list.repo.ts repeats this
-- expression for the page bounds: change both together.
-- Adding a stored column rewrites chat_rooms under an exclusive lock: on a large table, run this
-- in a quiet moment.
ALTER TABLE chat_rooms ADD COLUMN active_day date
  GENERATED ALWAYS AS (((updated_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date) STORED;
DROP INDEX chat_rooms_recruiter;
DROP INDEX chat_rooms_seeker;
-- The recruiter's lists are by status (the Messages tabs); the seeker's list is all their rooms.
-- Both keep their member column first (the foreign-key index rule of migration 011).
CREATE INDEX chat_rooms_recruiter ON chat_rooms (recruiter_id, status, active_day DESC);
CREATE INDEX chat_rooms_seeker ON chat_rooms (seeker_id, active_day DESC);
