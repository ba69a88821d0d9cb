import type { Queryable } from '../../db/store-db.ts';
import type { IndexedSighting } from './order-index-store.ts';
import { upsertSightings } from './order-index-store.ts';

// The index's sightings are written in groups: while one upsert runs, the ones that arrive queue up and
// the next statement writes them all. Fifty concurrent creates through the gateway are then a handful
// of statements instead of fifty, and the audit log and the sign-ins that share the database wait less.
// One writer per database; a failed group is logged and dropped (the index is a convenience: the
// refresher and the next sighting put a record right).

const MAX_GROUP = 500;

interface Writer {
  add(sightings: readonly IndexedSighting[]): void;
  /** Resolves once everything added so far is written (tests, a clean stop). */
  idle(): Promise<void>;
}

const writers = new WeakMap<Queryable, Writer>();

export function indexWriter(db: Queryable, log: (line: string) => void): Writer {
  const known = writers.get(db);
  if (known !== undefined) return known;
  const queue: IndexedSighting[] = [];
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      try {
        await upsertSightings(db, group);
      } catch (error) {
        log(`order index: could not record ${group.length} answer(s) (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    running = null;
  };
  const writer: Writer = {
    add(sightings) {
      if (sightings.length === 0) return;
      queue.push(...sightings);
      running ??= drain();
    },
    idle: () => running ?? Promise.resolve(),
  };
  writers.set(db, writer);
  return writer;
}
