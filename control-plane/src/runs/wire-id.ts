/**
 * On the agents' wire an attempt is a job whose id is `<attempt id>.<try number>`:
 * a result from a try that was already given up (its device was lost, the attempt
 * moved on) names the old try and is acknowledged and ignored, never mistaken for
 * the new try's.
 */
import type { AttemptRef } from './transitions/ref.js';

export const toWireId = (ref: AttemptRef) => `${ref.id}.${ref.tryNumber}`;

export function parseWireId(wire: string): AttemptRef | null {
  const match = /^(.+)\.(\d+)$/.exec(wire);
  return match ? { id: match[1]!, tryNumber: Number(match[2]) } : null;
}
