-- Why a device is not ready, as its agent says it ("the iPhone is locked: unlock it"),
-- shown in GET /devices; NULL while it is ready or when the agent gave no reason.
ALTER TABLE devices ADD COLUMN not_ready_reason text;
