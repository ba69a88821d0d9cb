import { z } from 'zod';
import { orderSchema } from '../../../contract/schemas.ts';
import type { Order } from '../../../contract/schemas.ts';
import type { JournalEntry } from '../../lib/journal.ts';
import { SHORTENED_MARK } from '../../lib/journal.ts';
import { jsLiteral, parseJson, templateLiteral } from './js-literal.ts';

// The journal as Playwright code (issue 16): one call as an APIRequestContext call for a test of
// one's own, or the calls of a session as a spec on order-console/testing that replays them in
// order. The token is never written into the code: it comes from E2E_TOKEN (or the kit's fixture).

/**
 * Text for a `//` comment: every character JavaScript ends a line at (\n, \r, U+2028, U+2029) is
 * written as its escape, so an environment name or an error message can never end the comment and
 * become code in the exported spec (issue 23).
 */
export function commentText(text: string): string {
  return text.replace(/[\n\r\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Request members the service wants unique per token or per order: a replay makes fresh ones. */
const FRESH_MEMBERS: Readonly<Record<string, string>> = { order_external_id: 'externalId', payment_identifier: 'paymentId', external_id: 'refundId' };
const FRESH_PREFIXES: Readonly<Record<string, string>> = { externalId: 'ORD', paymentId: 'PAY', refundId: 'REFUND' };
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

/** One call as Playwright code for a test with the `request` fixture (baseURL = the console). */
export function entryAsPlaywright(entry: JournalEntry): string {
  const target = requestTarget(entry);
  const method = entry.method.toLowerCase();
  const lines = [
    `// ${entry.method} ${commentText(target)}${entry.status === null ? ': no answer recorded' : ` answered ${entry.status}`} (Order Console journal, ${entry.startedAt}).`,
    `// Needs the request fixture with baseURL set to the console; the token comes from E2E_TOKEN.`,
  ];
  const body = parseJson(entry.requestBody);
  if (typeof body === 'object' && body !== null && ['order_external_id', 'payment_identifier'].some((key) => key in body)) {
    lines.push('// order_external_id and payment_identifier must be unique: change them before sending this again.');
  }
  const options = [`  headers: { Authorization: \`Token \${process.env['E2E_TOKEN'] ?? ''}\` },`];
  if (entry.requestBody !== null && entry.requestBody !== '') {
    options.push(`  data: ${body === undefined || entry.requestBody.includes(SHORTENED_MARK) ? JSON.stringify(entry.requestBody) : jsLiteral(body, undefined, '  ')},`);
  }
  const call = REQUEST_METHODS.has(method) ? `request.${method}(${JSON.stringify(target)}, {` : `request.fetch(${JSON.stringify(target)}, {\n  method: ${JSON.stringify(entry.method)},`;
  lines.push(`const response = await ${call}`, ...options, '});');
  if (entry.status !== null) {
    lines.push(`expect(response.status()).toBe(${entry.status});`);
    const expected = expectedBody(entry.status, parseJson(entry.responseBody));
    if (expected !== null) lines.push(`expect(await response.json()).toMatchObject(${jsLiteral(expected, anythingLiteral)});`);
  }
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
  let calls = 0;
  let usesIdOf = false;
  let previous: JournalEntry | null = null;
  const replace = (_path: readonly (string | number)[], value: unknown) => (typeof value === 'string' ? (carried.get(value) ?? null) : null);

  [...entries].reverse().forEach((entry, index) => {
    const target = requestTarget(entry);
    const shownTarget = [...carried].reduce((text, [recorded, expression]) => text.split(recorded).join(`{${expression}}`), target);
    const label = commentText(`${index + 1}. ${entry.method} ${shownTarget}`);
    const samePoll = previous !== null && entry.method === 'GET' && previous.method === 'GET' && requestTarget(previous) === target && previous.status === entry.status && previous.responseBody === entry.responseBody;
    previous = entry;
    if (entry.status === null) {
      steps.push(`  // ${label}: left out, it got no answer (${commentText(entry.error ?? 'still waiting')}).`);
      return;
    }
    if (samePoll) return; // The order page reads an order again while it waits: one read says the same.
    let data: unknown;
    if (entry.requestBody !== null && entry.requestBody !== '') {
      data = entry.requestBody.includes(SHORTENED_MARK) ? undefined : parseJson(entry.requestBody);
      if (data === undefined) {
        steps.push(`  // ${label}: left out, its body was ${entry.requestBody.includes(SHORTENED_MARK) ? 'shortened when the journal kept it' : 'not JSON'}.`);
        return;
      }
    }
    const answer = parseJson(entry.responseBody);
    const order = orderOf(answer);

    const block = [`  // ${label} answered ${entry.status}`];
    const before = order === null ? undefined : lastSeen.get(order.id);
    const orderVariable = order === null ? undefined : carried.get(order.id);
    if (order !== null && before !== undefined && orderVariable !== undefined && before.status !== order.status && entry.method === 'GET') {
      block.push(`  // It became ${order.status} outside this console (the checkout page or another client): the same move through the sandbox.`);
      block.push(`  await sandbox.moveTo(${orderVariable}, ${JSON.stringify(order.status)});`);
    }
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
      for (const [member, value] of Object.entries(data)) {
        const kind = FRESH_MEMBERS[member];
        if (kind === undefined || typeof value !== 'string' || carried.has(value)) continue;
        const variable = `${kind}${calls + 1}`;
        block.push(`  const ${variable} = sandbox.uniqueId(${JSON.stringify(FRESH_PREFIXES[kind] ?? 'QA')});`);
        carried.set(value, variable);
      }
    }
    calls += 1;
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
  });

  const stamp = options.exportedAt.toISOString();
  const header = [
    `import { expect, ${usesIdOf ? 'idOf, ' : ''}test } from 'order-console/testing';`,
    '',
    `// Exported from the Order Console request journal${options.environmentName === undefined ? '' : ` (${commentText(options.environmentName)})`} at ${stamp}:`,
    `// ${entries.length} ${entries.length === 1 ? 'call' : 'calls'} replayed oldest first through the sandbox fixture (token from E2E_TOKEN, never here).`,
    '// Order ids come from the answers of this run; order_external_id, payment_identifier and a',
    "// refund's external_id are made afresh, so the spec can run again. Repeated identical reads are one.",
    '// Run: E2E_BASE_URL=https://… E2E_TOKEN=… npx playwright test <this file>',
    '',
    `test(${JSON.stringify(`journal session ${stamp}`)}, async ({ sandbox }) => {`,
  ];
  return `${[...header, steps.join('\n\n'), '});'].join('\n')}\n`;
}
