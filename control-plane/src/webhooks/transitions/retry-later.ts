/** retry later: the attempt failed (non-2xx, timeout, no connection); the delivery waits `delayMs` (backoff.ts) and is due again. */
import type { Sql } from '../../db/index.js';
import type { AttemptOutcome } from '../deliveries.js';
import { type DeliveryRef, settle } from './settle.js';

export const retryDeliveryLater = (sql: Sql, ref: DeliveryRef, outcome: AttemptOutcome, delayMs: number) =>
  settle(sql, ref, outcome, `status = 'pending', last_error = $5, next_attempt_at = now.t + make_interval(secs => $7::float8 / 1000)`, [
    delayMs,
  ]);
