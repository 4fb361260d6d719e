/** give up: the last allowed attempt failed too (WEBHOOK_MAX_ATTEMPTS); the delivery ends `failed`. */
import type { Sql } from '../../db/index.js';
import type { AttemptOutcome } from '../deliveries.js';
import { type DeliveryRef, settle } from './settle.js';

export const giveUpDelivery = (sql: Sql, ref: DeliveryRef, outcome: AttemptOutcome) =>
  settle(sql, ref, outcome, `status = 'failed', last_error = $5`);
