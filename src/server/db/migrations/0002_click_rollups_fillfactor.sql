-- Every click batch updates the same day's roll-up rows. Room left in each page lets those
-- updates stay in place, so the embedded database, which has no autovacuum, does not bloat
-- the table the reports read.
ALTER TABLE "click_daily_counts" SET (fillfactor = 70);
