-- The claim takes the next test of each running run (longest expected first, unknown first of
-- all) and shares idle devices between organisations and runs (claim.ts): it starts from the
-- running runs of the idle devices' kinds, then one step into each run's pending tests.
CREATE INDEX runs_running_kind ON runs (platform, physical) WHERE status = 'running';
CREATE INDEX attempts_pending_run ON attempts (run_id, expected_seconds DESC NULLS FIRST, queued_at, position) WHERE status = 'pending';
