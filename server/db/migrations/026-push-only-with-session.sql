-- Decision 028 (session 24): every push subscription belongs to a live session. Rows from before
-- migration 024 had none and were pushed to until a sign-out on that browser: on a shared phone
-- the next person there could get the previous one's messages on the lock screen. They go now;
-- the web app registers the browser's subscription again at its next start, bound to the session
-- signed in there (web/lib/push.ts `rebindPushOnThisDevice`), so nobody loses notifications for
-- good. A subscription is only ever saved by a signed-in request, so the column is required.
DELETE FROM push_subscriptions WHERE session_hash IS NULL;
ALTER TABLE push_subscriptions ALTER COLUMN session_hash SET NOT NULL;
