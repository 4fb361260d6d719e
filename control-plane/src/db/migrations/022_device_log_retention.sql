-- ARTIFACT_RETENTION_DAYS covers device logs too (retention/sweep.ts): the log is deleted, then
-- the attempt is marked (its key stays, so the API can tell an expired log from none).
ALTER TABLE attempts ADD COLUMN device_log_expired_at timestamptz;
CREATE INDEX attempts_device_logs_retained ON attempts (finished_at) WHERE device_log_key IS NOT NULL AND device_log_expired_at IS NULL;
