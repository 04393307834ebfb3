-- Decision 028 (session 21): a room goes with a member's deleted account (ON DELETE CASCADE), and
-- its other member then read "You are not part of this chat" (404) when they opened it again
-- from a notification or a bookmark. A tombstone per remaining member lets reads answer what
-- sending already says: 410 chat.roomGone. It holds nothing of the deleted person (the room's id
-- is random) and is forgotten after 180 days (`pruneEvents`).
CREATE TABLE gone_rooms (
  room_id uuid NOT NULL,
  member_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  gone_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, room_id)
);
CREATE INDEX gone_rooms_gone_at ON gone_rooms (gone_at);
