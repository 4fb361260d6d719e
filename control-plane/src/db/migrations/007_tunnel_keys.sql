-- Issue 11: a key kind that may only connect tunnels (GET /tunnel/connect). The tunnel client
-- runs on a machine inside the user's network, often a shared one; its key must not be able
-- to start runs, read results or change tests. Which routes a kind may use is decided in code
-- (auth/caller.ts); here only the allowed values widen.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_kind_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_kind_check CHECK (kind IN ('standard', 'audit', 'tunnel'));
