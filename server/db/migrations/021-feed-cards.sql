-- Issue 16 (decision 020, "Cards, kept"): feed pages are no longer kept per seeker; their cards are
-- kept per job, and a page of kept cards reads the seeker's blocks themselves in the statement that
-- checks the cards' counters. The `blocks:<id>` counter of migration 020 has no reader left.
DROP TRIGGER blocks_versions ON blocks;
DELETE FROM feed_versions WHERE key LIKE 'blocks:%';
