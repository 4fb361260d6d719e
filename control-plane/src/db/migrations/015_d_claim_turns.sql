-- Whose turn it is (claim.ts): among organisations (and among one organisation's runs) with as
-- many tests under way, the one served longest ago gets the free device. Without a memory of
-- the last claim, one free device at a time always went to the oldest run.
CREATE TABLE org_claim_turns (
  org_id           text PRIMARY KEY REFERENCES organisations (id),
  last_claimed_at  timestamptz NOT NULL
);
ALTER TABLE runs ADD COLUMN last_claimed_at timestamptz;
