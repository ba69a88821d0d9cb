import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import { bulkRunSchema } from '../../../contract/bulk-run-model.ts';

// Personal mode keeps the current bulk run in localStorage, one per environment, so a reload or a
// closed tab resumes it. It holds the plan and each row's state: no token, nothing the service did
// not already know. Read back through the schema: storage is a boundary too.

const key = (environmentId: string) => `order-console:bulk-refund-run:${environmentId}`;

export function loadRun(environmentId: string): BulkRun | null {
  try {
    const text = window.localStorage.getItem(key(environmentId));
    if (text === null) return null;
    const parsed = bulkRunSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.environmentId === environmentId ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Throws when the browser refuses (storage full or off): a run that cannot be kept must not start. */
export function saveRun(run: BulkRun): void {
  window.localStorage.setItem(key(run.environmentId), JSON.stringify(run));
}

export function clearRun(environmentId: string): void {
  try {
    window.localStorage.removeItem(key(environmentId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
