-- The claim loop asks, before every pass, which running runs name a tunnel that is not
-- connected (fail-without-tunnel.ts). It used to start from every pending attempt, so a large
-- queue made every pass read it all; running runs that name a tunnel are few.
CREATE INDEX runs_running_tunnel ON runs (id) WHERE status = 'running' AND tunnel_name IS NOT NULL;
