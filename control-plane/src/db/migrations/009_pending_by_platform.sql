-- The claim looks for the oldest pending attempts of the platforms an agent has idle devices
-- for (claim.ts). Walking every pending attempt in queue order made each claim pay for a
-- backlog no idle device could serve: 20,000 pending iOS tests raised an Android claim from
-- 4.3 to 21 ms (p50, PostgreSQL). Per platform and kind, the walk starts at the right place.
CREATE INDEX attempts_pending_platform ON attempts (platform, physical, queued_at, position) WHERE status = 'pending';
