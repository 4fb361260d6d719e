-- The automation engine: SDK sessions and their steps, the step cache.

-- One row per SDK session, and per test of a platform run (those carry the test's id).
CREATE TABLE sdk_sessions (
  id            text PRIMARY KEY,
  org_id        text NOT NULL REFERENCES organisations (id),
  -- The key that started it: the 11-character key id, 'legacy' for the organisation key,
  -- NULL for sessions recorded before keys were (reported as 'unattributed').
  api_key_id    text,
  -- Exactly as the SDK sent it; not a foreign key (SDK test ids are free text).
  test_id       text,
  platform      text CHECK (platform IN ('android', 'ios')),
  status        text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  started_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  ended_at      timestamptz,
  ai_steps      integer NOT NULL DEFAULT 0,
  cached_steps  integer NOT NULL DEFAULT 0,
  -- Steps that never reach the model: deterministic commands and the caller's own code.
  other_steps   integer NOT NULL DEFAULT 0,
  -- The step index the next execute gets when the caller does not number its steps.
  next_step     integer NOT NULL DEFAULT 0,
  -- The previous execute's command and whether it finished: an unfinished iterative
  -- instruction ("scroll until X is visible") keeps its step index on the next call.
  last_command  text,
  last_finished boolean NOT NULL DEFAULT true
);
-- The usage report reads the newest sessions of one organisation in a window; the
-- included columns let PostgreSQL answer it from the index alone.
CREATE INDEX sdk_sessions_usage ON sdk_sessions (org_id, started_at DESC)
  INCLUDE (api_key_id, test_id, status, ended_at, ai_steps, cached_steps);
CREATE INDEX sdk_sessions_key_usage ON sdk_sessions (org_id, api_key_id, started_at DESC)
  INCLUDE (test_id, status, ended_at, ai_steps, cached_steps);
-- Counting a step updates an indexed column, so those updates are never HOT and clear the
-- page's all-visible bit, which the index-only scan above needs. Vacuum this table early
-- (2% changed rather than 20%) so a busy day does not turn the report into heap fetches.
ALTER TABLE sdk_sessions SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02,
  autovacuum_analyze_scale_factor = 0.02);

CREATE TABLE session_steps (
  session_id   text NOT NULL REFERENCES sdk_sessions (id) ON DELETE CASCADE,
  seq          integer NOT NULL,
  step_index   integer,
  call         text NOT NULL CHECK (call IN ('execute', 'assert', 'code')),
  -- ai: the model decided; cached: replayed from step_cache; deterministic: a command
  -- run as code; code: the caller's own code. Only the first two count in usage.
  kind         text NOT NULL CHECK (kind IN ('ai', 'cached', 'deterministic', 'code')),
  command      text NOT NULL,
  actions      jsonb NOT NULL DEFAULT '[]',
  outcome      text NOT NULL,             -- action | done | failed | passed
  reason       text,
  fingerprint  text,
  screenshot   text,                      -- storage key of the screenshot, if one was sent
  duration_ms  double precision NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (session_id, seq)
);

-- docs/architecture.md#engine: per organisation, keyed by test id (or the SDK session's),
-- platform, step index, the command's exact text (hashed: commands may be long) and
-- the screen fingerprint.
CREATE TABLE step_cache (
  org_id        text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  test_key      text NOT NULL,            -- '' for sessions without a test id
  platform      text NOT NULL,
  step_index    integer NOT NULL,
  command_hash  text NOT NULL,
  fingerprint   text NOT NULL,
  command       text NOT NULL,
  decision      jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- A replaced (self-healed) entry keeps created_at and moves updated_at.
  updated_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (org_id, test_key, platform, step_index, command_hash, fingerprint)
);
