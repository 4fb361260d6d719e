-- The device's log of a try (logcat from just before the launch to the verdict), uploaded by the
-- lab agent beside the recording and named in its job.result like the recording.
ALTER TABLE attempts ADD COLUMN device_log_key text;
