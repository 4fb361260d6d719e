-- How long each test last took per platform (a succeeded or failed verdict), so a new run
-- starts its longest tests first (docs/scheduling.md). Copied into attempts.expected_seconds
-- when the run is created: the claim orders by that column, and a run keeps its order.
CREATE TABLE test_durations (
  org_id      text NOT NULL REFERENCES organisations (id),
  test_id     text NOT NULL,
  platform    text NOT NULL CHECK (platform IN ('android', 'ios')),
  seconds     double precision NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (org_id, test_id, platform)
);
ALTER TABLE attempts ADD COLUMN expected_seconds double precision;
