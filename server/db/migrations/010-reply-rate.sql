-- Anti-ghosting (issue 12, decision 011): reply rates per recruiter, refreshed by a worker
-- (server/modules/reply-rate), and the 7-day auto-close of unanswered seeker-started rooms.

-- One row per recruiter with seeker-started rooms in the last 30 days, rewritten by the worker.
-- No foreign key (as candidate_scores, decision 008): the worker's upsert and an account deletion
-- would lock users and these rows in opposite orders. Reads join through jobs, so an orphan is
-- never shown, and the next refresh deletes it.
CREATE TABLE recruiter_reply_stats (
  recruiter_id uuid PRIMARY KEY,
  -- Rooms a seeker started in the window, and how many of them the recruiter wrote in.
  conversations int NOT NULL,
  replied int NOT NULL,
  -- Median of first_recruiter_reply_at - created_at over the replied ones; null when none.
  median_reply_seconds int,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);

-- When the worker closed the room for want of a recruiter reply; cleared when the recruiter
-- reopens it by writing (or sets a status). A room is closed once: the worker only takes rooms
-- where it is null and no reply was ever recorded.
ALTER TABLE chat_rooms ADD COLUMN auto_closed_at timestamptz;

-- The stats refresh: seeker-started rooms of the last 30 days, read from the index alone
-- (first_recruiter_reply_at changes once per room, so the message insert's room touch stays a
-- HOT update on every later message).
CREATE INDEX chat_rooms_seeker_started ON chat_rooms (created_at)
  INCLUDE (recruiter_id, first_recruiter_reply_at) WHERE created_by = seeker_id;

-- The auto-close: only rooms still waiting for a first reply are in it, oldest first, so each run
-- reads just the ones that are due.
CREATE INDEX chat_rooms_awaiting_reply ON chat_rooms (created_at)
  WHERE created_by = seeker_id AND first_recruiter_reply_at IS NULL AND auto_closed_at IS NULL
    AND status = 'initiated';
