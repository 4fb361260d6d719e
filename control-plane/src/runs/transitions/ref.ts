/** One try of an attempt: what an agent's job id names (`<id>.<try number>`). */
export interface AttemptRef {
  id: string;
  tryNumber: number;
}
