import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { Context } from 'hono';
import type { FaultEffect } from '../contract/faults.ts';
import { DEFAULT_RETRY_AFTER_S } from '../contract/faults.ts';
import type { SandboxEnv } from './auth.ts';
import type { AppliedFault } from './store-faults.ts';

// docs/decisions.md D13: what an applied rule does to the answer of a /psp/ request. The store takes the
// rule in the statement of the operation (store-faults.ts) and reports it; this turns it into an
// answer, or into no answer at all:
// - status: that status with a DRF {"detail", "code"} body (DRF's own words where DRF has some) and
//   Retry-After for 429 (DEFAULT_RETRY_AFTER_S unless the rule names one) or whenever the rule names
//   one; the operation was not done.
// - delay: the request waits, then is handled as usual: the operation happens after the wait (like
//   a slow queue in front of the service), even when the client has given up by then.
// - drop: the connection is reset without an answer; the operation was not done.
// - lose_answer: the operation was done and committed, then the connection is reset without an answer.
// A reset is a TCP RST after an interim 102: the client sees ECONNRESET ("socket hang up", fetch's
// TypeError), never a final status. Answers the rule shaped carry X-Sandbox-Fault (the rule's id) so a person can tell them apart.

export const FAULT_HEADER = 'X-Sandbox-Fault';

const DRF_ERRORS: Readonly<Record<number, { code: string; detail: string }>> = {
  400: { code: 'parse_error', detail: 'Malformed request.' },
  401: { code: 'authentication_failed', detail: 'Incorrect authentication credentials.' },
  403: { code: 'permission_denied', detail: 'You do not have permission to perform this action.' },
  404: { code: 'not_found', detail: 'Not found.' },
  406: { code: 'not_acceptable', detail: 'Could not satisfy the request Accept header.' },
  500: { code: 'error', detail: 'A server error occurred.' },
  // Not DRF's own: the wording of DRF's documented custom exception for 503.
  503: { code: 'service_unavailable', detail: 'Service temporarily unavailable, try again later.' },
};

const snakeCase = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** The DRF error a status rule answers. */
export function faultErrorBody(status: number, method: string, retryAfter: number | null): { detail: string; code: string } {
  if (status === 429) {
    const wait = retryAfter ?? DEFAULT_RETRY_AFTER_S;
    return { detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`, code: 'throttled' };
  }
  if (status === 405) return { detail: `Method "${method}" not allowed.`, code: 'method_not_allowed' };
  const known = DRF_ERRORS[status];
  if (known !== undefined) return known;
  const phrase = STATUS_CODES[status];
  return phrase === undefined ? { detail: `Error ${status}.`, code: 'error' } : { detail: `${phrase}.`, code: snakeCase(phrase) };
}

type StatusEffect = Extract<FaultEffect, { kind: 'status' }>;

function statusAnswer(c: Context<SandboxEnv>, fault: AppliedFault, effect: StatusEffect): Response {
  const retryAfter = effect.retry_after ?? (effect.status === 429 ? DEFAULT_RETRY_AFTER_S : null);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [FAULT_HEADER]: fault.id };
  if (retryAfter !== null) headers['Retry-After'] = String(retryAfter);
  if (effect.status === 401) headers['WWW-Authenticate'] = 'Token';
  return new Response(JSON.stringify(faultErrorBody(effect.status, c.req.method, retryAfter)), { status: effect.status, headers });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function requestSocket(env: unknown): Socket | null {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  const { incoming } = env;
  return incoming instanceof IncomingMessage && incoming.socket instanceof Socket ? incoming.socket : null;
}

// How long the interim 102 gets to reach the client before the reset (a reset discards data the
// peer has not taken yet).
const INTERIM_LEAD_MS = 30;

/**
 * Resets the request's connection, so no final answer goes out. @hono/node-server hands the Node
 * request and response to the app as `c.env.incoming` / `c.env.outgoing`; the response returned is
 * marked as already sent, so the adapter writes nothing to the dead socket.
 *
 * An interim `102 Processing` goes first: a browser silently resends a request whose reused
 * keep-alive connection closes before any response bytes (Chromium does, POST included, taking it
 * for an idle-timeout race), which would turn a drop into a success and a lost answer into a
 * duplicate. Having had a response line, it reports the failure instead (fetch: TypeError). A 1xx
 * is never a final status: clients that do not know it skip it.
 */
async function resetConnection(c: Context<SandboxEnv>): Promise<Response> {
  const env: unknown = c.env;
  const socket = requestSocket(env);
  if (socket === null) throw new Error('a connection fault needs the Node.js server (@hono/node-server)');
  const outgoing = typeof env === 'object' && env !== null && 'outgoing' in env ? env.outgoing : null;
  if (outgoing instanceof ServerResponse && !socket.destroyed) {
    outgoing.writeProcessing();
    await wait(INTERIM_LEAD_MS);
  }
  if (!socket.destroyed) socket.resetAndDestroy();
  return new Response(null, { headers: { 'x-hono-already-sent': 'true' } });
}

/**
 * Answers a /psp/ request under the rule its operation took (`first.fault`). `again` runs the
 * operation once more, carrying the rule (a delayed request takes no second rule); `answer` is the
 * usual answer to an outcome.
 */
export async function answerUnderFault<R extends { fault: AppliedFault | null }>(
  c: Context<SandboxEnv>,
  first: R,
  again: (fault: AppliedFault) => Promise<R>,
  answer: (outcome: R) => Response | Promise<Response>,
): Promise<Response> {
  const { fault } = first;
  if (fault === null) return answer(first);
  const { effect } = fault;
  switch (effect.kind) {
    case 'status':
      c.set('fault', { kind: 'status', closed: false });
      return statusAnswer(c, fault, effect);
    case 'drop':
      c.set('fault', { kind: 'drop', closed: true });
      return resetConnection(c);
    case 'lose_answer':
      c.set('fault', { kind: 'lose_answer', closed: true });
      return resetConnection(c);
    case 'delay': {
      c.set('fault', { kind: 'delay', closed: false });
      await wait(effect.ms);
      const response = await answer(await again(fault));
      response.headers.set(FAULT_HEADER, fault.id);
      return response;
    }
  }
}
