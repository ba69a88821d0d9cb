// SIGTERM: the requests being answered are counted, so that a stopping server waits for
// each to end (an approval sending its refund, a refund being recorded) rather than for its socket:
// a handler goes on after its client has gone, and the database must stay open until it is done.

export interface Drain {
  /** True once the server has begun to stop: /readyz says so, answers close their connection. */
  readonly stopping: boolean;
  begin(): void;
  /** A request starts; call what it returns when it has ended. */
  enter(): () => void;
  readonly inFlight: number;
  /** Resolves true when no request is in flight, false when `timeoutMs` ran out first. */
  settled(timeoutMs: number): Promise<boolean>;
}

export function createDrain(): Drain {
  let stopping = false;
  let inFlight = 0;
  const waiters = new Set<() => void>();
  const wakeIfIdle = () => {
    if (inFlight > 0) return;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  return {
    get stopping() {
      return stopping;
    },
    begin() {
      stopping = true;
    },
    enter() {
      inFlight += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight -= 1;
        wakeIfIdle();
      };
    },
    get inFlight() {
      return inFlight;
    },
    settled(timeoutMs) {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(done);
          resolve(false);
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.add(done);
      });
    },
  };
}
