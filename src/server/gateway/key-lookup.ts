import type { Queryable } from '../../db/store-db.ts';
import type { ServiceAccount } from './service-accounts.ts';
import { accountOfKey } from './service-accounts.ts';

// Every service call asks the database for its key's account, so a key revoked by any console process
// is refused by every other at its next call. Calls with the same key that arrive while one lookup is
// under way share its answer: fifty concurrent creates are one query, and nothing older than that
// query is ever trusted (no cache outlives it).

const MAX_KEY_CHARS = 200;

export function keyLookup(db: Queryable): (key: string) => Promise<ServiceAccount | null> {
  const inFlight = new Map<string, Promise<ServiceAccount | null>>();
  return (key) => {
    if (key.length === 0 || key.length > MAX_KEY_CHARS) return Promise.resolve(null);
    const known = inFlight.get(key);
    if (known !== undefined) return known;
    const lookup = accountOfKey(db, key).finally(() => inFlight.delete(key));
    inFlight.set(key, lookup);
    return lookup;
  };
}
