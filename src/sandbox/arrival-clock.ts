// created_at of a new order is taken when its request reaches the store, not when its INSERT runs:
// creates are written in groups (store.ts), and the list orders by (created_at DESC, id DESC), so
// every order needs its own instant, later than the one before it. The clock is the wall clock in
// milliseconds; orders arriving within one millisecond take the next free microsecond, so the
// order of arrival is kept exactly and the key fits PostgreSQL's microsecond timestamps.

export interface Arrival {
  /** created_at as the database stores it and the list cursor carries it: YYYY-MM-DDTHH:MM:SS.ffffffZ. */
  key: string;
  /** The same instant to the millisecond (date_settled). */
  at: Date;
}

/** Microseconds since the epoch to the cursor's key format (the same text as to_char(... 'US')). */
export function arrivalKey(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  return `${iso.slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}Z`;
}

/**
 * A strictly increasing clock: each call answers a later microsecond than the call before, and than
 * `afterMicros` (the newest stored created_at: a store reopened after the wall clock stepped back
 * still files new orders after the old ones).
 */
export function arrivalClock(nowMs: () => number = Date.now, afterMicros = 0): () => Arrival {
  let last = afterMicros;
  return () => {
    const micros = Math.max(Math.floor(nowMs()) * 1000, last + 1);
    last = micros;
    return { key: arrivalKey(micros), at: new Date(Math.floor(micros / 1000)) };
  };
}
