-- Issue 13: signed webhooks (Standard Webhooks). An organisation's endpoints, the events
-- it was told about (outbox: written in the transaction of the state change they report),
-- one delivery per event and endpoint with its retry state, and every attempt's outcome.

CREATE TABLE webhooks (
  seq             bigserial UNIQUE,
  id              text PRIMARY KEY,                 -- whk_…
  org_id          text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  url             text NOT NULL,
  events          text[] NOT NULL,
  -- whsec_<base64>: kept as is because every delivery is signed with it (shown once, at creation).
  secret          text NOT NULL,
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason text,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX webhooks_org ON webhooks (org_id, seq);

-- `data` is the record the event reports (a run with its tests, or one test's attempt) as it
-- was in that transaction; the body is rendered from it, the same at every attempt.
CREATE TABLE webhook_events (
  id              text PRIMARY KEY,                 -- msg_…: the webhook-id header
  org_id          text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);

--   pending → sending → delivered | pending (retry later) | failed (gave up, or endpoint gone)
-- `sending` is held under a lease: a process killed mid-send leaves it to be claimed again.
-- `attempts` counts claims and fences the outcome: only the holder of that claim may record it.
CREATE TABLE webhook_deliveries (
  seq             bigserial UNIQUE,
  webhook_id      text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id        text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts        int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  lease_until     timestamptz,
  last_error      text,
  delivered_at    timestamptz,
  PRIMARY KEY (webhook_id, event_id)
);
-- The worker's claim reads due deliveries only.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (lease_until) WHERE status = 'sending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
  webhook_id      text NOT NULL,
  event_id        text NOT NULL,
  number          int NOT NULL,
  at              timestamptz NOT NULL DEFAULT clock_timestamp(),
  response_status int,                              -- null: no answer (refused address, timeout, connection error)
  error           text,
  duration_ms     int NOT NULL,
  PRIMARY KEY (webhook_id, event_id, number),
  FOREIGN KEY (webhook_id, event_id) REFERENCES webhook_deliveries (webhook_id, event_id) ON DELETE CASCADE
);
