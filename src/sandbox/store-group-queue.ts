// The queue behind group commit (store.ts): requests that arrive while a group is being written wait
// here, and the next group takes as many as its limits allow, oldest first. One group at a time
// per queue, in arrival order.

export interface GroupLimits<P> {
  maxItems: number;
  /** A group's items' sizes add up to at most this much (one item alone may exceed it). */
  maxSize: number;
  size: (item: P) => number;
}

export interface GroupQueue<P> {
  push(item: P): void;
  /** Resolves once every item pushed so far has been written. */
  drained(): Promise<void>;
}

/** `write` settles every item of the group it is given and never throws. */
export function groupQueue<P>(write: (group: P[]) => Promise<void>, limits: GroupLimits<P>): GroupQueue<P> {
  const queue: P[] = [];
  // Set while groups are being written; resolves when the queue is empty again.
  let writing: Promise<void> | null = null;

  const take = (): P[] => {
    let count = 0;
    let total = 0;
    for (const item of queue) {
      const size = limits.size(item);
      if (count >= limits.maxItems || (count > 0 && total + size > limits.maxSize)) break;
      count++;
      total += size;
    }
    return queue.splice(0, count);
  };

  const drain = async () => {
    // Wait one turn of the event loop: every request whose body arrived in this turn has queued by
    // then, so a burst becomes one group instead of one plus the rest.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (queue.length > 0) await write(take());
    } finally {
      writing = null;
    }
  };

  return {
    push(item) {
      queue.push(item);
      writing ??= drain();
    },
    drained() {
      return writing ?? Promise.resolve();
    },
  };
}
