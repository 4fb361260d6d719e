-- A lab agent sends a try's verdict before its recording and device log are uploaded
-- (docs/android-devices.md#recordings): the verdict marks each artifact still on its way
-- (*_pending), the upload clears the mark as it names the key, and an artifact that will
-- not come (the agent disconnected, or said it lost it) keeps the reason (*_missing).
ALTER TABLE attempts ADD COLUMN recording_pending boolean NOT NULL DEFAULT false;
ALTER TABLE attempts ADD COLUMN recording_missing text;
ALTER TABLE attempts ADD COLUMN device_log_pending boolean NOT NULL DEFAULT false;
ALTER TABLE attempts ADD COLUMN device_log_missing text;
-- An agent's disconnect marks its pending artifacts missing (queries/agents.ts disconnectAgent).
CREATE INDEX attempts_artifacts_pending ON attempts (device_id) WHERE recording_pending OR device_log_pending;
