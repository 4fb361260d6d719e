-- Organisations, their keys, folders, tests and builds.

CREATE TABLE organisations (
  id              text PRIMARY KEY,
  name            text NOT NULL,
  type            text NOT NULL CHECK (type IN ('platform', 'studio')),
  bundle_id_runs  boolean NOT NULL DEFAULT false,
  -- sha256 of the organisation key (dl_org_<secret>); the key itself is never stored.
  org_key_hash    text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id           text PRIMARY KEY,            -- the 11-character key id of dl_live_<id>_<secret>
  org_id       text NOT NULL REFERENCES organisations (id),
  kind         text NOT NULL CHECK (kind IN ('standard', 'audit')),
  secret_hash  text NOT NULL,               -- sha256 of the secret part
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz
);
CREATE INDEX api_keys_org ON api_keys (org_id);

-- Operator settings, e.g. the hash of the generated admin token.
CREATE TABLE settings (
  key    text PRIMARY KEY,
  value  text NOT NULL
);

CREATE TABLE folders (
  id          text PRIMARY KEY,
  org_id      text NOT NULL REFERENCES organisations (id),
  parent_id   text REFERENCES folders (id),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX folders_org ON folders (org_id);
CREATE INDEX folders_parent ON folders (parent_id);

CREATE TABLE tests (
  -- seq orders the library and backs cursor pagination (ids are random).
  seq                bigserial UNIQUE,
  id                 text PRIMARY KEY,
  org_id             text NOT NULL REFERENCES organisations (id),
  folder_id          text REFERENCES folders (id) ON DELETE SET NULL,
  title              text NOT NULL,
  commands           jsonb NOT NULL,
  tags               text[] NOT NULL DEFAULT '{}',
  pre_requests       jsonb NOT NULL DEFAULT '[]',
  teardown_requests  jsonb NOT NULL DEFAULT '[]',
  launch_params      jsonb NOT NULL DEFAULT '[]',
  test_inputs        jsonb NOT NULL DEFAULT '[]',
  auto_generate      boolean NOT NULL,
  -- per platform: {status, failedCommandIndex?, reason?}; status none|pending|generating|ready|failed|stale
  automation         jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at         timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX tests_org_seq ON tests (org_id, seq);
CREATE INDEX tests_org_folder_seq ON tests (org_id, folder_id, seq);
CREATE INDEX tests_tags ON tests USING gin (tags);

CREATE TABLE builds (
  seq           bigserial UNIQUE,
  id            text PRIMARY KEY,
  org_id        text NOT NULL REFERENCES organisations (id),
  platform      text NOT NULL CHECK (platform IN ('android', 'ios')),
  kind          text NOT NULL CHECK (kind IN ('apk', 'ipa', 'app')),
  file_name     text NOT NULL,
  storage_key   text NOT NULL,
  size_bytes    bigint NOT NULL,
  sha256        text NOT NULL,
  package_name  text NOT NULL,
  version_name  text,
  version_code  text,
  display_name  text,
  meta          jsonb NOT NULL DEFAULT '{}',
  meta_name     text,                       -- meta.name, for "newest build of that name"
  created_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX builds_org_name ON builds (org_id, meta_name, platform, seq DESC);
