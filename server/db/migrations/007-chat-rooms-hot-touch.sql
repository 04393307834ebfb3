-- Every chat message touches its room's updated_at (chat lists show newest activity first). With
-- updated_at in two indexes, each touch was a non-HOT update writing a new entry into all five
-- indexes of chat_rooms. A member's rooms are few enough to sort in memory, so updated_at leaves
-- the indexes and the touch becomes a heap-only (HOT) update; free space on each page keeps it so.
DROP INDEX chat_rooms_recruiter;
DROP INDEX chat_rooms_seeker;
CREATE INDEX chat_rooms_recruiter ON chat_rooms (recruiter_id, status);
CREATE INDEX chat_rooms_seeker ON chat_rooms (seeker_id);
ALTER TABLE chat_rooms SET (fillfactor = 70);
