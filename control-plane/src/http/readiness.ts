/**
 * Whether this process wants new traffic. A stopping replica drains: /readyz answers 503
 * with the reason from the signal on, while requests and agents are still served, so a
 * load balancer takes it out of rotation before its sockets close (main.ts).
 */
export interface Readiness {
  /** Why this process takes no new traffic, or null while it does. */
  readonly draining: string | null;
  drain(reason: string): void;
}

export function createReadiness(): Readiness {
  let draining: string | null = null;
  return {
    get draining() {
      return draining;
    },
    drain(reason) {
      draining ??= reason;
    },
  };
}
