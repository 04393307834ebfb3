-- Issue 17 (decision 026): each user's language, so the server's texts follow it (SMS, e-mail,
-- push and error answers). NULL = not chosen yet: the web app then sends the language this device
-- uses (the visitor's choice, else the browser's), and until then the server answers in the
-- request's Accept-Language and sends English.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'hi'));
