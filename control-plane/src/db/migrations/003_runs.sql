-- Runs on lab agents: agent tokens, agents and their devices, runs and their tests.

-- An agent token belongs to one organisation (its reserved handsets) or, with org_id
-- NULL, to the shared pool (emulators and simulators for every organisation).
CREATE TABLE agent_tokens (
  id          text PRIMARY KEY,                 -- atk_…
  org_id      text REFERENCES organisations (id),
  token_hash  text NOT NULL UNIQUE,             -- sha256 of dl_agent_<secret>
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);

CREATE TABLE agents (
  id            text PRIMARY KEY,               -- the agent's own stable id (from hello)
  token_id      text NOT NULL REFERENCES agent_tokens (id),
  org_id        text REFERENCES organisations (id),
  hostname      text NOT NULL,
  version       text NOT NULL,
  capabilities  jsonb NOT NULL DEFAULT '{}',
  connected     boolean NOT NULL DEFAULT false,
  last_seen_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE devices (
  id            text PRIMARY KEY,               -- dev_…
  agent_id      text NOT NULL REFERENCES agents (id),
  serial        text NOT NULL,
  org_id        text REFERENCES organisations (id),  -- reserved for it; NULL: shared pool
  platform      text NOT NULL CHECK (platform IN ('android', 'ios')),
  kind          text NOT NULL CHECK (kind IN ('emulator', 'physical', 'simulator')),
  model         text NOT NULL,
  os_version    text NOT NULL,
  -- online: can take a test; busy: has one; offline: gone or its agent is.
  state         text NOT NULL CHECK (state IN ('online', 'busy', 'offline')),
  last_seen_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (agent_id, serial)
);
CREATE INDEX devices_idle ON devices (platform, kind) WHERE state = 'online';

CREATE TABLE runs (
  seq           bigserial UNIQUE,
  id            text PRIMARY KEY,               -- run_…
  org_id        text NOT NULL REFERENCES organisations (id),
  api_key_id    text,                           -- the key that started it (sessions carry it)
  status        text NOT NULL CHECK (status IN ('running', 'completed', 'cancelled')),
  platform      text NOT NULL CHECK (platform IN ('android', 'ios')),
  build_id      text REFERENCES builds (id),
  bundle_id     text,
  package_name  text NOT NULL,
  physical      boolean NOT NULL,
  tunnel_name   text,
  trigger       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at   timestamptz
);
CREATE INDEX runs_org ON runs (org_id, seq DESC);

-- One test of a run; its id is the job id agents see.
CREATE TABLE run_tests (
  id                text PRIMARY KEY,           -- job_…
  run_id            text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  org_id            text NOT NULL REFERENCES organisations (id),
  test_id           text NOT NULL,              -- not a foreign key: results outlive a deleted test
  position          integer NOT NULL,
  title             text NOT NULL,
  platform          text NOT NULL,
  physical          boolean NOT NULL,
  -- pending: waits for a device; offered: sent to an agent; running: accepted.
  status            text NOT NULL CHECK (status IN ('pending', 'offered', 'running', 'succeeded', 'failed', 'blocked')),
  attempt           integer NOT NULL DEFAULT 1,
  device_id         text REFERENCES devices (id),
  -- The device a lost first try ran on: the retry goes elsewhere when it can.
  lost_device_id    text,
  device_label      text,
  status_message    text,
  failed_step       integer,
  session_id        text,
  -- The test as it was when the run started: later edits do not change a running run.
  snapshot          jsonb NOT NULL,
  -- {{name}} values for this try: test inputs' defaults plus what pre-requests remembered.
  "values"          jsonb,
  queued_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  offered_at        timestamptz,
  started_at        timestamptz,
  finished_at       timestamptz,
  duration_seconds  double precision,
  recording_key     text
);
CREATE INDEX run_tests_run ON run_tests (run_id, position);
CREATE INDEX run_tests_pending ON run_tests (queued_at) WHERE status = 'pending';
CREATE INDEX run_tests_active ON run_tests (device_id) WHERE status IN ('offered', 'running');
