import { environmentStore, getToken } from './environments.ts';
import { redactTokens } from './redact.ts';

// The request journal: every call the console makes, newest first. Kept in this tab's
// sessionStorage, so it survives a reload of the tab and goes with the tab. It never
// holds a token: the api client records the request headers with Authorization already masked, and
// takes the request's token out of anything the service echoes back; what is stored is redacted
// again with every token the console knows (storedCopy).

export interface JournalEntry {
  id: number;
  startedAt: string;
  method: string;
  url: string;
  path: string;
  environmentName: string;
  /** The environment's stable id (a name can be reused); absent in entries kept before it was recorded. */
  environmentId?: string;
  /** The request's headers as sent, Authorization masked (`Token ****`). */
  requestHeaders: Record<string, string>;
  /** null while the call is in flight or when it never got an answer. */
  status: number | null;
  durationMs: number | null;
  requestBody: string | null;
  responseBody: string | null;
  /** Network failure, timeout, or a note about the answer (D9 mismatches). */
  error: string | null;
  /** How many more times the same read got the same answer right after (polling), folded into this entry. */
  repeats?: number;
  /** When the last of those repeats was sent. */
  lastAt?: string;
}

/**
 * The calls kept, in memory and in the tab's storage. Past it the oldest reads go first: what a person
 * did (every write) stays, up to WRITES_CEILING, so an hour of an open order page polling never pushes
 * out the create and the refund made in this tab. A read that gets the same answer as the
 * last read of the same URL is folded into that entry as a count, so polling costs no room at all.
 */
export const JOURNAL_CAPACITY = 200;
/** Writes kept beyond JOURNAL_CAPACITY, a bound on storage for a tab open for days. */
export const WRITES_CEILING = 1_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isRead = (entry: JournalEntry) => READ_METHODS.has(entry.method);
/** A body longer than this is shortened in the stored copy (sessionStorage holds about 5 MB per site). */
export const STORED_BODY_LIMIT = 20_000;
export const STORAGE_KEY = 'order-console:journal';
/** Writes to storage wait for the calls to settle, not one per call. */
const SAVE_DELAY_MS = 500;
export const SHORTENED_MARK = '\n… (shortened when kept for a reload of the tab)';

// What a stored entry must be to be shown again, checked by hand: the api client needs this module,
// and it must not wait for zod on the first screen (the orders list's first request).
const isString = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isHeaders(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isString);
}

/** A stored entry as it was written (storedCopy), or null; headers that are not strings are dropped, not the entry. */
function storedEntry(value: unknown): JournalEntry | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const e = new Map<string, unknown>(Object.entries(value));
  const field = <T>(name: string, check: (v: unknown) => v is T): T | undefined => {
    const v = e.get(name);
    return check(v) ? v : undefined;
  };
  const nullable = <T>(name: string, check: (v: unknown) => v is T): T | null | undefined => (e.get(name) === null ? null : field(name, check));
  const entry = {
    id: field('id', isInt),
    startedAt: field('startedAt', isString),
    method: field('method', isString),
    url: field('url', isString),
    path: field('path', isString),
    environmentName: field('environmentName', isString),
    environmentId: field('environmentId', isString),
    requestHeaders: field('requestHeaders', isHeaders) ?? {},
    status: nullable('status', isInt),
    durationMs: nullable('durationMs', isNumber),
    requestBody: nullable('requestBody', isString),
    responseBody: nullable('responseBody', isString),
    error: nullable('error', isString),
    repeats: field('repeats', isInt),
    lastAt: field('lastAt', isString),
  };
  const { id, startedAt, method, url, path, environmentName, environmentId, requestHeaders, status, durationMs, requestBody, responseBody, error, repeats, lastAt } = entry;
  if (id === undefined || startedAt === undefined || method === undefined || url === undefined || path === undefined || environmentName === undefined) return null;
  if (status === undefined || durationMs === undefined || requestBody === undefined || responseBody === undefined || error === undefined) return null;
  return { id, startedAt, method, url, path, environmentName, ...(environmentId !== undefined && { environmentId }), requestHeaders, status, durationMs, requestBody, responseBody, error, ...(repeats === undefined ? {} : { repeats }), ...(lastAt === undefined ? {} : { lastAt }) };
}

/**
 * Newest first, at most JOURNAL_CAPACITY: the answered reads whose last answer is oldest leave first
 * (a poll folded into one entry is as recent as its last repeat); writes only past WRITES_CEILING.
 */
function trimmed(list: readonly JournalEntry[]): readonly JournalEntry[] {
  const excess = list.length - JOURNAL_CAPACITY;
  if (excess <= 0) return list;
  const lastActive = (entry: JournalEntry) => entry.lastAt ?? entry.startedAt;
  const reads = list.filter((entry) => isRead(entry) && entry.status !== null);
  const dropped = new Set(
    reads
      .map((entry, index) => ({ entry, index }))
      // Oldest activity first; among equals, the older entry (further down the newest-first list).
      .sort((a, b) => lastActive(a.entry).localeCompare(lastActive(b.entry)) || b.index - a.index)
      .slice(0, excess)
      .map(({ entry }) => entry.id),
  );
  return list.filter((entry) => !dropped.has(entry.id)).slice(0, JOURNAL_CAPACITY + WRITES_CEILING);
}

/** The newest answered read of the same URL before `entry`, when it got exactly the same answer. */
function samePoll(list: readonly JournalEntry[], entry: JournalEntry): JournalEntry | null {
  if (!isRead(entry) || entry.status === null) return null;
  const previous = list.find((other) => other.id < entry.id && other.method === entry.method && other.url === entry.url && other.environmentName === entry.environmentName && other.status !== null);
  if (previous === undefined) return null;
  const same = previous.status === entry.status && previous.responseBody === entry.responseBody && previous.error === entry.error;
  return same ? previous : null;
}

/** The stored list, or null when it is not a list of entries (then nothing is restored). */
function storedEntries(value: unknown): JournalEntry[] | null {
  if (!Array.isArray(value)) return null;
  const out: JournalEntry[] = [];
  for (const item of value) {
    const entry = storedEntry(item);
    if (entry === null) return null;
    out.push(entry);
  }
  return out;
}

let entries: readonly JournalEntry[] | null = null;
let nextId = 1;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** One entry's stored JSON; STORAGE_KEY itself holds the kept entries' ids, newest first. */
const entryKey = (id: number) => `${STORAGE_KEY}:${id}`;
/** What this tab last wrote to (or read from) each entry's key: a save writes only what differs. */
const written = new Map<number, string>();

/**
 * The stored entries: the ids under STORAGE_KEY, each entry under its own key (an entry whose key is
 * missing or does not hold one is left out), or, as a tab kept them before, the entries themselves
 * under STORAGE_KEY (then one broken entry drops the list, as it did).
 */
function readStored(store: Storage): JournalEntry[] | null {
  const raw = store.getItem(STORAGE_KEY);
  if (raw === null) return [];
  const value: unknown = JSON.parse(raw);
  if (!Array.isArray(value) || !value.every(isInt)) return storedEntries(value);
  const out: JournalEntry[] = [];
  for (const id of value) {
    const text = store.getItem(entryKey(id));
    if (text === null) continue;
    let entry: JournalEntry | null = null;
    try {
      entry = storedEntry(JSON.parse(text));
    } catch {
      // Not JSON: left out.
    }
    if (entry?.id !== id) continue;
    written.set(id, text);
    out.push(entry);
  }
  return out;
}

function restore(): readonly JournalEntry[] {
  written.clear();
  try {
    const store = storage();
    const parsed = store === null ? null : readStored(store);
    if (parsed === null) return [];
    // A call that was in flight when the tab reloaded never got its answer here.
    return trimmed(parsed).map((entry) => (entry.status === null && entry.error === null ? { ...entry, error: 'No answer: the tab was reloaded' } : entry));
  } catch {
    return [];
  }
}

function current(): readonly JournalEntry[] {
  if (entries === null) {
    entries = restore();
    nextId = Math.max(0, ...entries.map((e) => e.id)) + 1;
  }
  return entries;
}

/** Every configured environment's token: entries outlive a switch of environment. */
function knownTokens(): string[] {
  return environmentStore
    .getSnapshot()
    .environments.map((environment) => getToken(environment.id))
    .filter((token) => token !== '');
}

function shorten(text: string | null, tokens: readonly string[]): string | null {
  if (text === null) return null;
  const clean = redactTokens(text, tokens);
  return clean.length > STORED_BODY_LIMIT ? clean.slice(0, STORED_BODY_LIMIT) + SHORTENED_MARK : clean;
}

/** What goes into sessionStorage: bodies shortened, every known token taken out again. */
function storedCopy(entry: JournalEntry, tokens: readonly string[]): JournalEntry {
  return {
    ...entry,
    url: redactTokens(entry.url, tokens),
    path: redactTokens(entry.path, tokens),
    environmentName: redactTokens(entry.environmentName, tokens),
    requestBody: shorten(entry.requestBody, tokens),
    responseBody: shorten(entry.responseBody, tokens),
    error: entry.error === null ? null : redactTokens(entry.error, tokens),
  };
}

/**
 * Each entry's stored JSON and the tokens it was redacted with. Entries are never changed in place
 * (a finished call or a folded poll is a new object), so a save redoes only the entries that are new
 * since the last, and all of them when the known tokens changed. Redacting every entry again on every
 * save made scrolling a long list janky: each page of 200 orders is a read with a large answer
 * (`npm run bench -- list`; docs/performance.md, "The list's rows").
 */
const storedJson = new WeakMap<JournalEntry, { tokens: string; json: string }>();

function storedJsonOf(entry: JournalEntry, tokens: readonly string[], signature: string): string {
  const known = storedJson.get(entry);
  if (known?.tokens === signature) return known.json;
  const json = JSON.stringify(storedCopy(entry, tokens));
  storedJson.set(entry, { tokens: signature, json });
  return json;
}

function writeKept(store: Storage, kept: readonly { id: number; json: string }[]): void {
  const ids = new Set(kept.map(({ id }) => id));
  // Room first: the entries no longer kept leave before new ones are written.
  for (const id of [...written.keys()]) {
    if (ids.has(id)) continue;
    store.removeItem(entryKey(id));
    written.delete(id);
  }
  for (const { id, json } of kept) {
    if (written.get(id) === json) continue;
    store.setItem(entryKey(id), json);
    written.set(id, json);
  }
  store.setItem(STORAGE_KEY, JSON.stringify(kept.map(({ id }) => id)));
}

/** Every key of the journal, this tab's or not (an earlier page's, an entry a failed save left). */
function removeStored(store: Storage): void {
  const prefix = `${STORAGE_KEY}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && key.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
  written.clear();
  store.removeItem(STORAGE_KEY);
}

/**
 * Each entry under its own key, written when it is new or changed: a long list's pages (a read with
 * a large answer each, kept shortened) cost one entry's write each, not a rewrite of all of them. One
 * key for the whole journal made every save copy it whole (sessionStorage's setItem): scrolling
 * 10,000 orders ended with a long task every half second (npm run bench -- list).
 */
function save(): void {
  saveTimer = null;
  const store = storage();
  if (store === null || entries === null) return;
  const tokens = knownTokens();
  const signature = JSON.stringify(tokens);
  let kept = entries.map((entry) => ({ id: entry.id, json: storedJsonOf(entry, tokens, signature) }));
  // Storage full (other data of the site, or many long bodies): keep the newer half, then try again.
  while (kept.length > 0) {
    try {
      writeKept(store, kept);
      return;
    } catch {
      kept = kept.slice(0, Math.floor(kept.length / 2));
    }
  }
  try {
    removeStored(store);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

function scheduleSave(): void {
  if (saveTimer === null) saveTimer = setTimeout(save, SAVE_DELAY_MS);
}

/** Writes what is pending now (a reload or a closing tab does not wait for the timer). */
function flush(): void {
  if (saveTimer === null) return;
  clearTimeout(saveTimer);
  save();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

function emit(): void {
  for (const listener of listeners) listener();
}

export const journal = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Newest first. */
  getSnapshot: (): readonly JournalEntry[] => current(),
  start: (entry: Omit<JournalEntry, 'id' | 'status' | 'durationMs' | 'responseBody' | 'error'>): number => {
    const list = current();
    const id = nextId++;
    entries = trimmed([{ ...entry, id, status: null, durationMs: null, responseBody: null, error: null }, ...list]);
    scheduleSave();
    emit();
    return id;
  },
  finish: (id: number, result: Pick<JournalEntry, 'status' | 'durationMs' | 'responseBody' | 'error'>): void => {
    const list = current();
    const started = list.find((e) => e.id === id);
    if (started === undefined) return;
    const done = { ...started, ...result };
    const folded = samePoll(list, done);
    entries =
      folded === null
        ? list.map((e) => (e.id === id ? done : e))
        : list.filter((e) => e.id !== id).map((e) => (e.id === folded.id ? { ...e, repeats: (e.repeats ?? 0) + 1 + (done.repeats ?? 0), lastAt: done.startedAt } : e));
    scheduleSave();
    emit();
  },
  clear: (): void => {
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = null;
    entries = [];
    try {
      const store = storage();
      if (store !== null) removeStored(store);
    } catch {
      // Nothing stored, nothing to remove.
    }
    emit();
  },
  /** Writes the stored copy now (the pagehide of a reload does the same). */
  flush,
  /** Forgets what is in memory and reads the tab's storage again, as a reloaded tab does (tests). */
  reload: (): void => {
    flush();
    entries = null;
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
