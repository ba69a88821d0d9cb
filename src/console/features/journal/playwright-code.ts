import { z } from 'zod';
import { orderSchema } from '../../../contract/schemas.ts';
import type { Order } from '../../../contract/schemas.ts';
import type { JournalEntry } from '../../lib/journal.ts';
import { SHORTENED_MARK } from '../../lib/journal.ts';
import { developmentToken } from '../../lib/server-config.ts';
import type { Replace } from './js-literal.ts';
import { parseJson } from '../../../contract/json-text.ts';
import { jsLiteral, templateLiteral } from './js-literal.ts';

// The journal as Playwright code: one call as an APIRequestContext call for a test of
// one's own, or the calls of a session as a spec on order-console/testing that replays them in
// order. The token is never written into the code: it comes from E2E_TOKEN (or the kit's fixture).

/**
 * Text for a `//` comment: every character JavaScript ends a line at (\n, \r, U+2028, U+2029) is
 * written as its escape, so an environment name or an error message can never end the comment and
 * become code in the exported spec.
 */
export function commentText(text: string): string {
  return text.replace(/[\n\r\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Request members the service wants unique per token or per order: a replay makes fresh ones. */
const FRESH_MEMBERS: Readonly<Record<string, string>> = { order_external_id: 'externalId', payment_identifier: 'paymentId', external_id: 'refundId' };
const FRESH_PREFIXES: Readonly<Record<string, string>> = { externalId: 'ORD', paymentId: 'PAY', refundId: 'REFUND' };
const FRESH_LABELS: Readonly<Record<string, string>> = { externalId: 'order_external_id', paymentId: 'payment_identifier', refundId: "the refund's external_id" };
/** What a person checks on an order answer; ids are carried, dates and URLs differ on every run. */
const ORDER_KEY_FIELDS = ['id', 'external_id', 'status', 'initial_amount', 'current_amount', 'refund_amount', 'service'] as const;
const REQUEST_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head']);

/** The path and query the call went to, without the environment's origin. */
function requestTarget(entry: JournalEntry): string {
  try {
    return `${entry.path}${new URL(entry.url).search}`;
  } catch {
    return entry.path;
  }
}

function orderOf(answer: unknown): Order | null {
  const parsed = orderSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

function orderKeyFields(order: Order): Record<string, string> {
  return Object.fromEntries(ORDER_KEY_FIELDS.map((key) => [key, order[key]]));
}

/** Whether two answers show the same order: what a person checks on it is unchanged. */
function sameOrder(a: Order, b: Order): boolean {
  return ORDER_KEY_FIELDS.every((key) => a[key] === b[key]);
}

/** What to assert on an answer's body, or null for status only (lists, histories, empty answers). */
function expectedBody(status: number, answer: unknown): Record<string, unknown> | null {
  const order = orderOf(answer);
  if (order !== null) return orderKeyFields(order);
  const error = status >= 400 ? z.record(z.string(), z.unknown()).safeParse(answer) : null;
  if (error?.success === true) {
    const body = error.data;
    // A DRF error: its code when it has one, else which fields were refused (messages may be reworded).
    if (typeof body['code'] === 'string') return { code: body['code'] };
    return Object.fromEntries(Object.keys(body).map((key) => [key, ANYTHING]));
  }
  return null;
}

const ANYTHING = Symbol('expect.anything()');
const anythingLiteral = (_path: readonly (string | number)[], value: unknown) => (value === ANYTHING ? 'expect.anything()' : null);

/** The origin the call went to ("" when the URL cannot be read). */
function originOf(entry: JournalEntry): string {
  try {
    return new URL(entry.url).origin;
  } catch {
    return '';
  }
}

/** A recorded string under the recording's origin (the sandbox return page) as `${baseURL}…`, so the code follows E2E_BASE_URL. */
function underBaseURL(value: unknown, origin: string): string | null {
  if (origin === '' || typeof value !== 'string' || !(value === origin || value.startsWith(`${origin}/`))) return null;
  return templateLiteral(value, new Map([[origin, 'baseURL']]));
}

/** The members of a request body the service wants unique and not yet `taken`: recorded value -> its kind (FRESH_MEMBERS). */
function freshValues(body: unknown, taken: ReadonlyMap<string, string>): Map<string, string> {
  const fresh = new Map<string, string>();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fresh;
  for (const [member, value] of Object.entries(body)) {
    const kind = FRESH_MEMBERS[member];
    if (kind !== undefined && typeof value === 'string' && !taken.has(value) && !fresh.has(value)) fresh.set(value, kind);
  }
  return fresh;
}

/**
 * One call as a Playwright test file that passes again when run unchanged: values the
 * service wants unique are made afresh on every run, the answer is asserted on what a rerun keeps
 * (a create's new id is not), and the target and token follow the kit's variables and defaults.
 */
export function entryAsPlaywright(entry: JournalEntry): string {
  const target = requestTarget(entry);
  const origin = originOf(entry);
  const method = entry.method.toLowerCase();
  const body = parseJson(entry.requestBody ?? '');
  const fresh = freshValues(body, new Map());
  const replace: Replace = (_path, value) => (typeof value === 'string' ? (fresh.get(value) ?? underBaseURL(value, origin)) : null);
  const lines = [
    "import { expect, test } from '@playwright/test';",
    '',
    `// ${entry.method} ${commentText(target)}${entry.status === null ? ': no answer recorded' : ` answered ${entry.status}`} (Order Console journal, ${entry.startedAt}).`,
    '// Runs as it is, again and again: E2E_BASE_URL and E2E_TOKEN say where and as whom; without them, the',
    "// console this was copied from and the sandbox's development token (as order-console/testing does).",
  ];
  if (fresh.size > 0) lines.push(`// ${[...fresh.values()].map((variable) => FRESH_LABELS[variable] ?? variable).join(', ')}: made afresh on every run, as the service wants them unique.`);
  lines.push(
    `const baseURL = (process.env['E2E_BASE_URL'] || ${JSON.stringify(origin)}).replace(/\\/+$/, '');`,
    `const token = process.env['E2E_TOKEN'] || ${JSON.stringify(developmentToken())};`,
    '',
    `test(${JSON.stringify(`${entry.method} ${target}${entry.status === null ? '' : ` answers ${entry.status}`}`)}, async ({ request }) => {`,
  );
  if (fresh.size > 0) lines.push('  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;');
  for (const variable of fresh.values()) lines.push(`  const ${variable} = \`${FRESH_PREFIXES[variable] ?? 'QA'}-\${run}\`;`);
  const options = ['    headers: { Authorization: `Token ${token}` },'];
  if (entry.requestBody !== null && entry.requestBody !== '') {
    options.push(`    data: ${body === undefined || entry.requestBody.includes(SHORTENED_MARK) ? JSON.stringify(entry.requestBody) : jsLiteral(body, replace, '    ')},`);
  }
  const url = origin === '' ? JSON.stringify(target) : templateLiteral(`${origin}${target}`, new Map([[origin, 'baseURL']]));
  const call = REQUEST_METHODS.has(method) ? `request.${method}(${url}, {` : `request.fetch(${url}, {\n    method: ${JSON.stringify(entry.method)},`;
  lines.push(`  const response = await ${call}`, ...options, '  });');
  if (entry.status !== null) {
    lines.push(`  expect(response.status()).toBe(${entry.status});`);
    const expected = expectedBody(entry.status, parseJson(entry.responseBody ?? ''));
    // A create makes a new order on every run: its id is the one thing that cannot match the recording.
    const stable = expected !== null && entry.method === 'POST' && entry.status === 201 ? Object.fromEntries(Object.entries(expected).filter(([key]) => key !== 'id')) : expected;
    if (stable !== null) lines.push(`  expect(await response.json()).toMatchObject(${jsLiteral(stable, (p, v) => anythingLiteral(p, v) ?? replace(p, v), '  ')});`);
  }
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

export interface SpecOptions {
  exportedAt: Date;
  /** The environment the calls went to, for the header comment. */
  environmentName?: string;
}

/**
 * The calls (journal order: newest first) as a spec on order-console/testing that replays them
 * oldest first: ids the service made are carried from the answer that introduced them into later
 * calls, values the service wants unique are made afresh, and every answer is asserted.
 */
export function sessionAsSpec(entries: readonly JournalEntry[], options: SpecOptions): string {
  const steps: string[] = [];
  /** Recorded value -> the expression that holds it in the replay. */
  const carried = new Map<string, string>();
  /** Recorded order id -> the order as last answered. */
  const lastSeen = new Map<string, Order>();
  /** Orders this session did not create: their state now is not what it was then. */
  const foreign = new Set<string>();
  /** Target of a read -> what its last answer said, to know a poll that says nothing new. */
  const lastRead = new Map<string, string>();
  const origin = entries.map(originOf).find((found) => found !== '') ?? '';
  let calls = 0;
  let polls = 0;
  let usesIdOf = false;
  let usesBaseURL = false;
  const replace: Replace = (_path, value) => {
    if (typeof value !== 'string') return null;
    const variable = carried.get(value);
    if (variable !== undefined) return variable;
    const url = underBaseURL(value, origin);
    if (url !== null) usesBaseURL = true;
    return url;
  };

  for (const entry of [...entries].reverse()) {
    const target = requestTarget(entry);
    const shownTarget = [...carried].reduce((text, [recorded, expression]) => text.split(recorded).join(`{${expression}}`), target);
    if (entry.status === null) {
      steps.push(`  // Left out: ${commentText(`${entry.method} ${shownTarget}`)} got no answer (${commentText(entry.error ?? 'still waiting')}).`);
      continue;
    }
    const answer = parseJson(entry.responseBody ?? '');
    const order = orderOf(answer);
    const before = order === null ? undefined : lastSeen.get(order.id);
    if (entry.method === 'GET') {
      // The console reads again while a page is open (polling): a read that says nothing new is no step.
      // A list or a history asserts its status only: read once, it says all a replay can check.
      const said = order === null ? String(entry.status) : `${entry.status} ${entry.responseBody ?? ''}`;
      const seenAlready = lastRead.get(target) === said || (order !== null && before !== undefined && sameOrder(before, order));
      lastRead.set(target, said);
      if (seenAlready) {
        polls += 1;
        continue;
      }
    }
    let data: unknown;
    if (entry.requestBody !== null && entry.requestBody !== '') {
      data = entry.requestBody.includes(SHORTENED_MARK) ? undefined : parseJson(entry.requestBody);
      if (data === undefined) {
        steps.push(`  // Left out: ${entry.method} ${shownTarget}, its body was ${entry.requestBody.includes(SHORTENED_MARK) ? 'shortened when the journal kept it' : 'not JSON'}.`);
        continue;
      }
    }

    calls += 1;
    const block = [`  // ${calls}. ${commentText(`${entry.method} ${shownTarget}`)} answered ${entry.status}`];
    const orderVariable = order === null ? undefined : carried.get(order.id);
    if (order !== null && before !== undefined && orderVariable !== undefined && before.status !== order.status && entry.method === 'GET') {
      block.push(`  // It became ${order.status} outside this console (the checkout page or another client): the same move through the sandbox.`);
      block.push(`  await sandbox.moveTo(${orderVariable}, ${JSON.stringify(order.status)});`);
    }
    for (const [value, kind] of freshValues(data, carried)) {
      const variable = `${kind}${calls}`;
      block.push(`  const ${variable} = sandbox.uniqueId(${JSON.stringify(FRESH_PREFIXES[kind] ?? 'QA')});`);
      carried.set(value, variable);
    }
    const call = `call${calls}`;
    const path = templateLiteral(target, carried);
    const args = [JSON.stringify(entry.method), path, ...(data === undefined ? [] : [jsLiteral(data, replace, '  ')])];
    block.push(`  const ${call} = await sandbox.call(${args.join(', ')});`);
    block.push(`  expect(${call}.status).toBe(${entry.status});`);
    if (order !== null && !carried.has(order.id) && !foreign.has(order.id)) {
      if (entry.method === 'POST' && entry.status === 201) {
        usesIdOf = true;
        carried.set(order.id, `order${calls}`);
        block.push(`  const order${calls} = idOf(${call});`);
      } else {
        foreign.add(order.id);
        block.push('  // An order this session did not create: it is read as it is now, so only the HTTP status is asserted.');
      }
    }
    const expected = order !== null && foreign.has(order.id) ? null : expectedBody(entry.status, answer);
    if (expected !== null) {
      // An order's amounts changed by someone else between two reads cannot be replayed: status only then.
      const amountsMoved = order !== null && before !== undefined && entry.method === 'GET' && before.current_amount !== order.current_amount;
      if (!amountsMoved) block.push(`  expect(${call}.body).toMatchObject(${jsLiteral(expected, (p, v) => anythingLiteral(p, v) ?? replace(p, v), '  ')});`);
      else block.push(`  // Its amounts were changed outside this console: not asserted.`);
    }
    if (order !== null) lastSeen.set(order.id, order);
    steps.push(block.join('\n'));
  }

  const stamp = options.exportedAt.toISOString();
  const recorded = `${entries.length} ${entries.length === 1 ? 'call' : 'calls'}`;
  const header = [
    `import { expect, ${usesIdOf ? 'idOf, ' : ''}test } from 'order-console/testing';`,
    '',
    `// Exported from the Order Console request journal${options.environmentName === undefined ? '' : ` (${commentText(options.environmentName)})`} at ${stamp}:`,
    `// ${recorded}, ${calls} replayed oldest first through the sandbox fixture (token from E2E_TOKEN, never here).`,
    ...(polls === 0 ? [] : [`// ${polls} ${polls === 1 ? 'read' : 'reads'} left out: the console read again while a page was open and learnt nothing new.`]),
    '// Order ids come from the answers of this run; order_external_id, payment_identifier and a',
    "// refund's external_id are made afresh, and URLs of the recording's host follow baseURL, so the spec can run again.",
    '// Run: E2E_BASE_URL=https://… E2E_TOKEN=… npx playwright test <this file>',
    '',
    `test(${JSON.stringify(`journal session ${stamp}`)}, async ({ sandbox${usesBaseURL ? ', baseURL' : ''} }) => {`,
  ];
  return `${[...header, steps.join('\n\n'), '});'].join('\n')}\n`;
}
