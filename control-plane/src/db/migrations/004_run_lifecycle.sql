-- One home for the run lifecycle (issue 9): one name for a test's place in a run.
-- A run has attempts: each is one selected test, offered to devices up to twice
-- (try_number 1, then 2 after a lost device). Agents still call it a "job" on the wire.
ALTER TABLE run_tests RENAME TO attempts;
ALTER TABLE attempts RENAME COLUMN attempt TO try_number;
ALTER INDEX run_tests_run RENAME TO attempts_run;
ALTER INDEX run_tests_pending RENAME TO attempts_pending;
ALTER INDEX run_tests_active RENAME TO attempts_active;
ALTER TABLE attempts RENAME CONSTRAINT run_tests_pkey TO attempts_pkey;

-- Replicas on one PostgreSQL (docs/architecture.md#replicas). Each control-plane process is a
-- replica with a lease it renews every sweep; the agents whose sockets it holds name it.
-- A replica whose lease ran out died: its agents are disconnected by whoever notices,
-- and their attempts follow the usual lost-agent rules once the agents' own lease
-- (last_seen_at) runs out, unless they fail over and say hello elsewhere first.
CREATE TABLE replicas (
  id           text PRIMARY KEY,               -- rep_…, new at every start
  started_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  seen_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
ALTER TABLE agents ADD COLUMN replica_id text;

-- What the device did with each decided step (agent step.event), and the decision's
-- request id, so a re-sent step.decide is answered from here on any replica.
ALTER TABLE session_steps ADD COLUMN request_id text;
ALTER TABLE session_steps ADD COLUMN finished boolean;
ALTER TABLE session_steps ADD COLUMN device_outcome text CHECK (device_outcome IN ('performed', 'failed'));
ALTER TABLE session_steps ADD COLUMN device_error text;
ALTER TABLE session_steps ADD COLUMN device_ms double precision;
CREATE UNIQUE INDEX session_steps_request ON session_steps (session_id, request_id) WHERE request_id IS NOT NULL;
