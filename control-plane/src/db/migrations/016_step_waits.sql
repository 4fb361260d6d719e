-- How long a lab agent waited before a step was decided (the screen settling, re-reads
-- while the step's target was absent or still shown) and whether the screen it was
-- decided on had settled (docs/steps-and-waits.md). NULL: an SDK step, or an agent
-- from before waits.
ALTER TABLE session_steps ADD COLUMN waited_ms double precision;
ALTER TABLE session_steps ADD COLUMN screen_settled boolean;
