/** succeed: the endpoint answered 2xx; the delivery is done. */
import type { Sql } from '../../db/index.js';
import type { AttemptOutcome } from '../deliveries.js';
import { type DeliveryRef, settle } from './settle.js';

export const succeedDelivery = (sql: Sql, ref: DeliveryRef, outcome: AttemptOutcome) =>
  settle(sql, ref, outcome, `status = 'delivered', delivered_at = clock_timestamp(), last_error = NULL`);
