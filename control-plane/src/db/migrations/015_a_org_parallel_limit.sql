-- An operator's cap on how many of an organisation's tests run at once (admin set-org-limits);
-- NULL: no cap. The claim enforces it (runs/transitions/claim.ts).
ALTER TABLE organisations ADD COLUMN max_parallel_tests integer CHECK (max_parallel_tests IS NULL OR max_parallel_tests > 0);
