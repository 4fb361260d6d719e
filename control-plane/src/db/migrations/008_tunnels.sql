-- Issue 11 on several replicas: the connected tunnels live in the database, so every
-- replica knows which are connected and which replica holds each one's WebSocket (the
-- others relay through it, at its address in replicas.url). A name is unique per
-- organisation across all replicas. A row goes with its replica (ON DELETE CASCADE):
-- the reaper deleting a dead replica deletes its tunnels in the same statement.

ALTER TABLE replicas ADD COLUMN url text;

CREATE TABLE tunnels (
  org_id          text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name            text NOT NULL,
  replica_id      text NOT NULL REFERENCES replicas (id) ON DELETE CASCADE,
  -- New for every claim: a release deletes only its own connection's row, never a successor's.
  connection_id   text NOT NULL,
  key_id          text NOT NULL,
  connected_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Written by the holder now and then (it counts in memory): a count, not a ledger.
  streams_opened  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (org_id, name)
);
CREATE INDEX tunnels_replica ON tunnels (replica_id);
