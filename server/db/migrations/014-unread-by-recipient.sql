-- Unread counts read from an index of a member's own unread messages (issue 14; decision 018).
-- Before, "unread for me" was "unread, in one of my rooms, not sent by me": a count had to visit
-- every room of the member (20,000 index probes for a large recruiter, ~10 ms) to find the few
-- with unread messages. `recipient_id` is the member a message is for: the room's other member,
-- and the seeker for a message without a sender (the 7-day auto-close notice is about their
-- application). Members of a room never change, so a trigger sets it on every insert, whoever
-- writes (the send path, status and interview messages, the auto-close worker, demo data).
-- No foreign key: the room's own keys already cascade a deleted account's messages away, and a
-- key check would cost the send path a lookup.
ALTER TABLE chat_messages ADD COLUMN recipient_id uuid;

CREATE FUNCTION chat_messages_set_recipient() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN NEW.sender_id = r.seeker_id THEN r.recruiter_id ELSE r.seeker_id END
    INTO NEW.recipient_id FROM chat_rooms r WHERE r.id = NEW.room_id;
  RETURN NEW;
END $$;
CREATE TRIGGER chat_messages_recipient BEFORE INSERT ON chat_messages
  FOR EACH ROW WHEN (NEW.recipient_id IS NULL) EXECUTE FUNCTION chat_messages_set_recipient();

-- Only unread rows are ever counted (and a message never becomes unread again), so only they
-- need the column: the backfill reads them through the old partial index, a small share of the
-- table, instead of rewriting every message.
UPDATE chat_messages m
   SET recipient_id = CASE WHEN m.sender_id = r.seeker_id THEN r.recruiter_id ELSE r.seeker_id END
  FROM chat_rooms r
 WHERE r.id = m.room_id AND NOT m.is_read;

-- The same number of indexes on chat_messages as before: the partial unread index is now led by
-- the recipient, so it answers a member's totals (their unread rows only), a room's count in a
-- list (recipient, room) and "mark read" alike.
DROP INDEX chat_messages_unread;
CREATE INDEX chat_messages_unread ON chat_messages (recipient_id, room_id) WHERE NOT is_read;
