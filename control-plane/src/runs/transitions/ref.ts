import type { AttemptWork } from '../attempts.js';

/** One try of an attempt: what an agent's job id names (`<id>.<try number>`). */
export interface AttemptRef {
  id: string;
  tryNumber: number;
}

/**
 * Told of a try that had been offered (its pre-requests run) and was given up other
 * than by a verdict (lost, or an offer taken back), after the transition committed,
 * with the try's {{values}}: the caller runs its teardown (agents/verdicts.ts tearDown),
 * which would otherwise never run for that try.
 */
export type OnGivenUp = (attempt: AttemptWork) => void;
