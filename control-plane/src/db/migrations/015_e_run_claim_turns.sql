-- A run's turn lives in a table of its own, not on the run's row (015_d put it there): the
-- claim wrote the run's row while holding the lock on the run's next pending test, and a
-- cancel takes the run's row lock and then updates its pending tests, the other way round,
-- so the two could deadlock. No foreign key to runs either: its key-share lock waits for the
-- same row lock. A row left after its run is gone is never read again.
ALTER TABLE runs DROP COLUMN last_claimed_at;
CREATE TABLE run_claim_turns (
  run_id           text PRIMARY KEY,
  last_claimed_at  timestamptz NOT NULL
);
