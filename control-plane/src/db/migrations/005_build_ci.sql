-- Issue 15: the CI provenance an upload carries in its `ci` part (provider, repository,
-- sha, ref, run, pull request), as sent; NULL for uploads without one.
ALTER TABLE builds ADD COLUMN ci jsonb;

-- GET /builds lists an organisation's builds newest first, by platform or not; the
-- name filter uses builds_org_name.
CREATE INDEX builds_org_seq ON builds (org_id, seq DESC);
