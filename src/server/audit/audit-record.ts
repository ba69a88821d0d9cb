import { createHash } from 'node:crypto';
import type { TokenScrubber } from '../token-scrub.ts';
import type { AuditKey } from './audit-key.ts';
import { tokenScrubber } from '../token-scrub.ts';

// docs/decisions.md D16: what one audit row holds and how its hash chains it to the row before. The hash
// is HMAC-SHA-256, under a key the database does not hold (audit-key.ts), over a canonical text of the
// row's fields, the previous row's hash and the key's id, so changing any field, removing a row or
// slipping one in breaks the chain from that row on (audit-verify.ts), and whoever can write the table
// but lacks the key cannot make the rest agree again. Rows written before the console had a key
// (key_id null) were chained with plain SHA-256; they stay verifiable as they are.

/** The `prev_hash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** What the rest of the server hands to the log (the core's AuditSink seam). */
export interface AuditEntry {
  user: string | null;
  role: string | null;
  environment: string | null;
  /** sign_in, sign_in_failed, sign_out, order_create, refund_request, forbidden, user_add, user_disable, user_enable, user_set_role, … */
  action: string;
  order_id: string | null;
  body: unknown;
  /** `ok`, `refused`, the service's status (`201`, `409`), `service_unreachable`… */
  outcome: string;
  address: string | null;
  user_agent: string | null;
}

export interface AuditSink {
  record(entry: AuditEntry): Promise<void>;
}

/** A row's fields as stored and hashed: text throughout, `body` the exact JSON text kept. */
export interface ChainedFields {
  seq: string;
  at: string;
  user: string | null;
  role: string | null;
  environment: string | null;
  action: string;
  order_id: string | null;
  body: string;
  outcome: string;
  address: string | null;
  user_agent: string | null;
  prev_hash: string;
  /** The id of the key the row was chained under; null for a row from before the console had one. */
  key_id: string | null;
}

/** A row's fields in the one fixed order the hash covers and the table's INSERT takes them (key_id last). */
export function chainedValues(row: ChainedFields): (string | null)[] {
  const unkeyed = [row.seq, row.at, row.user, row.role, row.environment, row.action, row.order_id, row.body, row.outcome, row.address, row.user_agent, row.prev_hash];
  return row.key_id === null ? unkeyed : [...unkeyed, row.key_id];
}

/**
 * A JSON array in a fixed order (JSON.stringify of strings and nulls is the same on every Node):
 * HMAC under `key` for a keyed row, SHA-256 for one from before the key (what a tamperer without the
 * key can compute, and so only ever trusted before the first keyed row).
 */
export function rowHash(row: ChainedFields, key: AuditKey | null): string {
  const canonical = JSON.stringify(chainedValues(row));
  if (row.key_id === null) return createHash('sha256').update(canonical, 'utf8').digest('hex');
  if (key === null || key.id !== row.key_id) throw new Error(`row ${row.seq} is chained under the audit key ${row.key_id}, which is not the one given`);
  return key.mac(canonical);
}

/** What stands in for a value that looked like a credential. */
export const REMOVED = '[removed]';
// Keys whose values are credentials whatever they hold, and values that are a credential whatever
// their key ("Token abc", "Bearer abc"): the log must never hold one (D16).
const SECRET_KEY = /authorization|token|secret|passw|cookie|api[-_]?key|credential|session/i;
const SECRET_VALUE = /^\s*(token|bearer|basic)\s+\S/i;
const MAX_DEPTH = 20;
/** A body larger than this is kept as its size only: an order's request is far smaller. */
export const MAX_BODY_CHARS = 64 * 1024;

// The server holds the same few tokens for its whole life: one scrubber for them, made once.
let scrubberFor: { key: string; scrubber: TokenScrubber } | null = null;

/**
 * `text` with every occurrence of a known secret (a partner token the server holds) replaced, in any
 * of the forms token-scrub.ts looks for: a token the service echoes in a message, or one pasted into
 * a note, is caught by its value. Secrets shorter than 8 characters are not looked for: they would
 * blank out ordinary words.
 */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  const key = secrets.join('\0');
  if (scrubberFor?.key !== key) scrubberFor = { key, scrubber: tokenScrubber(secrets, 8, REMOVED) };
  return scrubberFor.scrubber.scrub(text);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function clean(value: unknown, depth: number, secrets: readonly string[]): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? REMOVED : withoutSecrets(value, secrets);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return REMOVED;
  if (Array.isArray(value)) return value.map((item: unknown) => clean(item, depth + 1, secrets));
  const out: { [key: string]: Json } = {};
  // Sorted keys: the same body is the same text, whichever order it was built in.
  const entries: [string, unknown][] = Object.entries(value);
  for (const [key, item] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    out[withoutSecrets(key, secrets)] = SECRET_KEY.test(key) ? REMOVED : clean(item, depth + 1, secrets);
  }
  return out;
}

/** The body as the log keeps it: JSON text, keys sorted, anything token-like replaced by REMOVED. */
export function auditBodyText(body: unknown, secrets: readonly string[] = []): string {
  const text = JSON.stringify(clean(body, 0, secrets));
  return text.length <= MAX_BODY_CHARS ? text : JSON.stringify({ truncated: true, chars: text.length });
}
