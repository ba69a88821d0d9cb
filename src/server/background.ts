// Work the console server does on its own, outside any request (team bulk runs, src/server/bulk-runs/):
// it stops when the server closes, and the server waits for it before closing the database, so no
// write of a run is cut off halfway by a closed pool.

export interface Background {
  /** Aborted when the server is closing: stop before the next step. */
  signal: AbortSignal;
  /** Work the close waits for. */
  track(work: Promise<unknown>): void;
}

export interface BackgroundHandle {
  background: Background;
  /** Aborts the signal and waits (bounded) for the tracked work to end. */
  stop(timeoutMs?: number): Promise<void>;
}

export function createBackground(): BackgroundHandle {
  const controller = new AbortController();
  const pending = new Set<Promise<unknown>>();
  return {
    background: {
      signal: controller.signal,
      track(work) {
        const settled = work.then(
          () => undefined,
          () => undefined,
        );
        pending.add(settled);
        void settled.then(() => pending.delete(settled));
      },
    },
    async stop(timeoutMs = 20_000) {
      controller.abort();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.all([...pending]), deadline]);
      clearTimeout(timer);
    },
  };
}
