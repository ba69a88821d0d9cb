// The request journal: every call the console makes, kept in memory for this tab only. It never
// holds a token: the api client hands it the request without its Authorization header.

export interface JournalEntry {
  id: number;
  startedAt: string;
  method: string;
  url: string;
  path: string;
  environmentName: string;
  /** null while the call is in flight or when it never got an answer. */
  status: number | null;
  durationMs: number | null;
  requestBody: string | null;
  responseBody: string | null;
  /** Network failure, timeout, or a note about the answer (D9 mismatches). */
  error: string | null;
}

export const JOURNAL_CAPACITY = 200;

let entries: readonly JournalEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const journal = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Newest first. */
  getSnapshot: (): readonly JournalEntry[] => {
    return entries;
  },
  start: (entry: Omit<JournalEntry, 'id' | 'status' | 'durationMs' | 'responseBody' | 'error'>): number => {
    const id = nextId++;
    entries = [{ ...entry, id, status: null, durationMs: null, responseBody: null, error: null }, ...entries].slice(0, JOURNAL_CAPACITY);
    emit();
    return id;
  },
  finish: (id: number, result: Pick<JournalEntry, 'status' | 'durationMs' | 'responseBody' | 'error'>): void => {
    entries = entries.map((e) => (e.id === id ? { ...e, ...result } : e));
    emit();
  },
  clear: (): void => {
    entries = [];
    emit();
  },
};

/** Pretty JSON when the text is JSON, else the text as it came. */
export function prettyBody(text: string | null): string {
  if (text === null || text === '') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
