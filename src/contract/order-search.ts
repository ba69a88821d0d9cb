import { z } from 'zod';
import { AMOUNT_PATTERN } from './fields.ts';
import { ENVIRONMENT_ID_PATTERN } from './grants.ts';
import { compareMoney } from './money.ts';
import type { OrderStatus } from './schemas.ts';
import { ORDER_STATUSES, orderStatusSchema } from './schemas.ts';

// The team order index's query language, parsed here (no SQL, no DOM) so the server and the
// console read a query the same way. A query is words separated by spaces, all of which must match:
//   free text     a prefix of the external id, e-mail, first name, last name, full name or phone digits
//   email:x       the e-mail, exactly, or a prefix when it ends in * (email:jan*)
//   ext:x         a prefix of the external id
//   status:x      one of the order statuses
//   amount:OPvalue  the order's initial amount (what the customer paid): >100, <100, >=100, <=100, =100,
//                 100, 10..20 (inclusive), ..20, 10..
//   current:OPvalue   the order's current amount (what it is worth after refunds), written as amount:
//   refunded:OPvalue  the amount refunded so far, written as amount: (refunded:>0: refunded at all)
//   created:day   the day the order was settled (UTC): 2026-11-20, 2026-11-20..2026-11-25 (inclusive),
//                 ..2026-11-25, 2026-11-20..
//   env:x         one environment
// A value may be quoted ("jan novak") to hold spaces. Free text matches anywhere inside the fields
// (part of a name, the middle of a reference, the last digits of a phone); a word of fewer than three
// characters matches their start only (src/server/order-index/order-index-search.ts says why).
// A support agent hears "I paid 120.50" from the customer: that is the initial amount, so amount:
// filters on it; current: and refunded: are there for the rest (docs/order-index.md).

export const MAX_QUERY_LENGTH = 500;
export const MAX_TERMS = 8;

export interface AmountFilter {
  /** Inclusive or exclusive bounds; null when open. */
  min: { value: string; inclusive: boolean } | null;
  max: { value: string; inclusive: boolean } | null;
}

export interface DateRange {
  /** First day, inclusive (YYYY-MM-DD), or null. */
  from: string | null;
  /** Last day, inclusive (YYYY-MM-DD), or null. */
  to: string | null;
}

export interface OrderSearch {
  text: string[];
  email: { value: string; prefix: boolean } | null;
  ext: string | null;
  status: OrderStatus | null;
  amount: AmountFilter | null;
  current: AmountFilter | null;
  refunded: AmountFilter | null;
  created: DateRange | null;
  env: string | null;
}

export type OrderSearchResult = { ok: true; search: OrderSearch } | { ok: false; error: string };

/** Whether the search looks at personal data (e-mail, name, phone): it then needs read:customer. */
export const searchesCustomerFields = (search: OrderSearch) => search.email !== null || search.text.length > 0;

export const emptySearch = (): OrderSearch => ({ text: [], email: null, ext: null, status: null, amount: null, current: null, refunded: null, created: null, env: null });

const FIELDS = ['email', 'ext', 'status', 'amount', 'current', 'refunded', 'created', 'env'] as const;
type Field = (typeof FIELDS)[number];
const isField = (value: string): value is Field => FIELDS.some((f) => f === value);

const isoDate = z.iso.date();
const isDay = (value: string) => /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) && isoDate.safeParse(value).success;
const isAmount = (value: string) => AMOUNT_PATTERN.test(value);

/** Splits on spaces, keeping "quoted values" (also after a prefix: email:"a b") together. */
interface Token {
  text: string;
  /** Began with a quote: "status:new" is then free text, not a filter. */
  literal: boolean;
}

function tokenize(query: string): { ok: true; tokens: Token[] } | { ok: false; error: string } {
  const tokens: Token[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  let literal = false;
  for (const char of query) {
    if (char === '"') {
      if (!started) literal = true;
      quoted = !quoted;
      started = true;
    } else if (!quoted && /\s/.test(char)) {
      if (started) tokens.push({ text: current, literal });
      current = '';
      started = false;
      literal = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (quoted) return { ok: false, error: 'A quote is not closed: add the closing ".' };
  if (started) tokens.push({ text: current, literal });
  return { ok: true, tokens: tokens.filter((t) => t.text.trim() !== '') };
}

function parseAmount(value: string, name: 'amount' | 'current' | 'refunded'): AmountFilter | string {
  const wrong = `"${name}:${value}" is not an amount filter: write ${name}:>100, ${name}:<=20.50, ${name}:=15 or ${name}:10..20.`;
  const range = /^([^.]*(?:\.[0-9]{1,2})?)\.\.(.*)$/.exec(value);
  if (range !== null) {
    const [, low = '', high = ''] = range;
    if ((low !== '' && !isAmount(low)) || (high !== '' && !isAmount(high)) || (low === '' && high === '')) return wrong;
    if (low !== '' && high !== '' && compareMoney(low, high) > 0) return `"${name}:${value}": the range starts above where it ends.`;
    return { min: low === '' ? null : { value: low, inclusive: true }, max: high === '' ? null : { value: high, inclusive: true } };
  }
  const compared = /^(>=|<=|>|<|=)?(.*)$/.exec(value);
  const op = compared?.[1] ?? '=';
  const number = compared?.[2] ?? '';
  if (!isAmount(number)) return wrong;
  if (op === '=') return { min: { value: number, inclusive: true }, max: { value: number, inclusive: true } };
  if (op === '>' || op === '>=') return { min: { value: number, inclusive: op === '>=' }, max: null };
  return { min: null, max: { value: number, inclusive: op === '<=' } };
}

function parseCreated(value: string): DateRange | string {
  const wrong = `"created:${value}" is not a date filter: write created:2026-11-20 or created:2026-11-20..2026-11-25 (dates as YYYY-MM-DD, UTC).`;
  const parts = value.split('..');
  if (parts.length === 1) return isDay(value) ? { from: value, to: value } : wrong;
  const [from = '', to = ''] = parts;
  if (parts.length !== 2 || (from === '' && to === '') || (from !== '' && !isDay(from)) || (to !== '' && !isDay(to))) return wrong;
  if (from !== '' && to !== '' && from > to) return `"created:${value}": the range starts after it ends.`;
  return { from: from === '' ? null : from, to: to === '' ? null : to };
}

const hasControlCharacter = (text: string) =>
  [...text].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f;
  });

/** Parses a query; an error says which word is wrong and how to write it. */
export function parseOrderSearch(query: string): OrderSearchResult {
  if (query.length > MAX_QUERY_LENGTH) return { ok: false, error: `A search is at most ${MAX_QUERY_LENGTH} characters.` };
  // A database takes no NUL in a text, and no one types a control character: refused, not sent.
  if (hasControlCharacter(query)) return { ok: false, error: 'A search cannot hold control characters.' };
  const tokenized = tokenize(query);
  if (!tokenized.ok) return tokenized;
  if (tokenized.tokens.length > MAX_TERMS) return { ok: false, error: `A search has at most ${MAX_TERMS} words.` };
  const search = emptySearch();
  for (const { text: token, literal } of tokenized.tokens) {
    if (literal) {
      search.text.push(token.trim());
      continue;
    }
    const colon = token.indexOf(':');
    const name = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
    if (!isField(name)) {
      // A colon in free text (a reference like "A:17") stays free text; an unknown prefix that looks
      // like a field name (three letters or more) is most likely a typo, so it is named.
      if (colon > 0 && /^[a-z_]{3,}$/i.test(token.slice(0, colon)) && token.slice(colon + 1) !== '') {
        return { ok: false, error: `"${token.slice(0, colon)}:" is not a filter. Use email:, ext:, status:, amount:, current:, refunded:, created: or env:, or put the words in quotes.` };
      }
      search.text.push(token);
      continue;
    }
    const value = token.slice(colon + 1).trim();
    if (value === '') return { ok: false, error: `"${name}:" needs a value after the colon.` };
    if (search[name] !== null) return { ok: false, error: `"${name}:" is given twice; use it once.` };
    switch (name) {
      case 'email': {
        const prefix = value.endsWith('*');
        const email = (prefix ? value.slice(0, -1) : value).toLowerCase();
        if (email === '') return { ok: false, error: '"email:*" needs the start of an e-mail address before the *.' };
        search.email = { value: email, prefix };
        break;
      }
      case 'ext':
        search.ext = value;
        break;
      case 'status': {
        const status = orderStatusSchema.safeParse(value.toLowerCase());
        if (!status.success) return { ok: false, error: `"status:${value}" is not a status (one of: ${ORDER_STATUSES.join(', ')}).` };
        search.status = status.data;
        break;
      }
      case 'amount':
      case 'current':
      case 'refunded': {
        const amount = parseAmount(value, name);
        if (typeof amount === 'string') return { ok: false, error: amount };
        search[name] = amount;
        break;
      }
      case 'created': {
        const created = parseCreated(value);
        if (typeof created === 'string') return { ok: false, error: created };
        search.created = created;
        break;
      }
      case 'env':
        if (!ENVIRONMENT_ID_PATTERN.test(value)) return { ok: false, error: `"env:${value}" is not an environment id.` };
        search.env = value;
        break;
    }
  }
  return { ok: true, search };
}
