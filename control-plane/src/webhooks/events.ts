/**
 * What an organisation can subscribe to. `run.completed` reports a run that ended
 * (completed, or cancelled); `test.finished` one test's verdict while its run runs.
 */
export const WEBHOOK_EVENTS = ['run.completed', 'test.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
