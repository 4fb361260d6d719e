-- Retention (retention/sweep.ts): BUILD_RETENTION_DAYS and ARTIFACT_RETENTION_DAYS, off by default.
-- A build is expired in one statement (no run can start with it from then on: runs take it with
-- `expired_at IS NULL`), then its file is deleted and file_deleted_at set: a sweep killed in
-- between deletes the file again next time (an absent key is fine).
ALTER TABLE builds ADD COLUMN last_used_at timestamptz;      -- the last run created with it
ALTER TABLE builds ADD COLUMN expired_at timestamptz;
ALTER TABLE builds ADD COLUMN expired_reason text;
ALTER TABLE builds ADD COLUMN file_deleted_at timestamptz;
CREATE INDEX builds_retained ON builds ((coalesce(last_used_at, created_at))) WHERE expired_at IS NULL;
CREATE INDEX builds_file_to_delete ON builds (expired_at) WHERE expired_at IS NOT NULL AND file_deleted_at IS NULL;

-- A recording's parts are deleted first, then the attempt is marked (its key stays, so the
-- page can say the recording expired rather than that none was made).
ALTER TABLE attempts ADD COLUMN recording_expired_at timestamptz;
CREATE INDEX attempts_recordings_retained ON attempts (finished_at) WHERE recording_key IS NOT NULL AND recording_expired_at IS NULL;

-- A step's screenshot is deleted, then its key cleared and the time recorded.
ALTER TABLE session_steps ADD COLUMN screenshot_expired_at timestamptz;
CREATE INDEX session_steps_screenshots_retained ON session_steps (created_at) WHERE screenshot IS NOT NULL;

-- Work that one replica at a time does (the retention sweep): whoever holds the row until
-- `until`; a replica killed while holding it is replaced once `until` has passed.
CREATE TABLE maintenance_leases (
  name    text PRIMARY KEY,
  holder  text NOT NULL,
  until   timestamptz NOT NULL
);
