import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { CookieOptions } from 'hono/utils/cookie';
import { BACKGROUND_HEADER } from '../contract/session.ts';
import type { Database } from '../db/store-db.ts';
import { detailError } from '../http/errors.ts';
import type { AuditSink } from './audit-sink.ts';
import type { Background } from './background.ts';
import { SESSION_COOKIE, touchSession } from './sessions.ts';
import type { TeamConfig } from './team-config.ts';
import { resolveClientAddress } from './client-address.ts';
import type { ConsoleUser } from './users.ts';
import type { CallObserver } from './ops/call-metrics.ts';
import { findUser } from './users.ts';

// docs/decisions.md D16: what every team-mode request needs: who is asking (the session), from where (the
// address and user agent for the audit), and whether the request may change state (same origin).

export type TeamEnv = { Variables: { user: ConsoleUser; sessionId: string; idleLeftMs: number } };

export interface TeamContext {
  db: Database;
  config: TeamConfig;
  audit: AuditSink;
  log: (line: string) => void;
  /** The server's own work (bulk runs): stopped and awaited before the database closes. Absent: it runs until the process ends. */
  background?: Background;
  /** Told of every call to an environment's service (its metrics). */
  observeCall?: CallObserver;
}

/**
 * The origin this request was addressed to: its URL's, but https when a trusted proxy
 * (CONSOLE_TRUSTED_PROXIES) says the browser reached it over TLS (X-Forwarded-Proto).
 */
function requestOrigin(c: Context, config: TeamConfig): string {
  const url = new URL(c.req.url);
  const peer = peerAddress(c);
  const forwardedProto = c.req.header('x-forwarded-proto')?.split(',', 1)[0]?.trim().toLowerCase();
  if (forwardedProto === 'https' && peer !== null && config.trustedProxies?.has(peer) === true) url.protocol = 'https:';
  return url.origin;
}

/** The origin state-changing requests must come from: CONSOLE_ORIGIN (or PUBLIC_URL's), else the one this request was addressed to. */
export const expectedOrigin = (c: Context, config: TeamConfig) => config.origin ?? requestOrigin(c, config);

/** Under https the session cookie is Secure and `__Host-` prefixed (D16). */
export const secureCookies = (c: Context, config: TeamConfig) => expectedOrigin(c, config).startsWith('https:');

const sessionCookieOptions = (c: Context, config: TeamConfig): CookieOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'Strict',
  ...(secureCookies(c, config) && { secure: true, prefix: 'host' }),
});

/** Sets the session cookie (hono's setCookie: `__Host-`, Secure, Path=/ under https). */
export function setSessionCookie(c: Context, config: TeamConfig, id: string): void {
  setCookie(c, SESSION_COOKIE, id, sessionCookieOptions(c, config));
}

export function clearSessionCookie(c: Context, config: TeamConfig): void {
  setCookie(c, SESSION_COOKIE, '', { ...sessionCookieOptions(c, config), maxAge: 0 });
}

/** The session id this request's cookie holds (under https only the `__Host-` one counts). */
export function sessionIdOf(c: Context, config: TeamConfig): string | undefined {
  return getCookie(c, SESSION_COOKIE, secureCookies(c, config) ? 'host' : undefined);
}

/** The address of the socket's other end (a proxy, when there is one in front). */
export function peerAddress(c: Context): string | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  const incoming: unknown = env.incoming;
  if (typeof incoming !== 'object' || incoming === null || !('socket' in incoming)) return null;
  const socket: unknown = incoming.socket;
  if (typeof socket !== 'object' || socket === null || !('remoteAddress' in socket)) return null;
  return typeof socket.remoteAddress === 'string' ? socket.remoteAddress : null;
}

const addressOfRequest = new WeakMap<Request, string | null>();

/**
 * The caller's address for the throttle and the audit: the socket's peer, or behind a trusted proxy
 * what it forwarded (client-address.ts; set by `resolveClient` for every team-mode request). A client
 * cannot choose it by writing X-Forwarded-For.
 */
export function clientAddress(c: Context): string | null {
  const known = addressOfRequest.get(c.req.raw);
  return known !== undefined ? known : resolveClientAddress(peerAddress(c), undefined, null);
}

/** Reads the caller's address once per request, X-Forwarded-For only from a trusted proxy. */
export function resolveClient(ctx: TeamContext) {
  return createMiddleware(async (c, next) => {
    addressOfRequest.set(c.req.raw, resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), ctx.config.trustedProxies ?? null));
    return next();
  });
}

export const userAgent = (c: Context) => c.req.header('user-agent')?.slice(0, 500) ?? null;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing request from another site is refused (403) before anything else looks at it:
 * Sec-Fetch-Site when the browser sent it, else the Origin header. A client that sends neither
 * (curl) is no browser another site could drive; it still needs the session cookie.
 */
export function sameOriginWrites(ctx: TeamContext) {
  return createMiddleware(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    // Sec-Fetch-Site first: browsers always send it and a page cannot set it, while a form posted
    // under this server's `Referrer-Policy: no-referrer` carries `Origin: null` even from this site.
    const crossOrigin = site !== undefined ? site !== 'same-origin' : origin !== undefined && origin !== expectedOrigin(c, ctx.config);
    if (crossOrigin) {
      await ctx.audit.record({
        user: null,
        role: null,
        environment: null,
        action: 'cross_origin_refused',
        order_id: null,
        body: { method: c.req.method, path: c.req.path, origin: origin ?? null },
        outcome: 'refused',
        address: clientAddress(c),
        user_agent: userAgent(c),
      });
      throw detailError(403, 'cross_origin', 'A change to Order Console must come from Order Console itself; this request came from another site.');
    }
    return next();
  });
}

export const sessionEnded = () => detailError(401, 'session_ended', 'You are signed out (your session ended or was never started). Sign in again to carry on.');

/** `idleLeftMs`: how long until the session ends for idleness (after this request counted, or not). */
export type SignedIn = { user: ConsoleUser; sessionId: string; idleLeftMs: number };

// A request's session is looked up (and marked seen, D16's idle clock) once, however many
// steps ask for it (the page guard, the page, the reads the page makes through this server's own
// routes). Keyed by the Request object itself: only this server's code holds one, so nothing a client
// sends can claim a session it has not shown.
const sessionOfRequest = new WeakMap<Request, Promise<SignedIn | null>>();

async function lookUpSession(c: Context, ctx: TeamContext): Promise<SignedIn | null> {
  const id = sessionIdOf(c, ctx.config);
  if (id === undefined || id === '') return null;
  // A read the page made by itself says so (contract/session.ts): only what a person does extends the idle clock.
  const background = c.req.header(BACKGROUND_HEADER) === '1';
  const live = await touchSession(ctx.db, id, { idleMs: ctx.config.idleMs, maxMs: ctx.config.maxMs }, { extend: !background });
  if (live === null) return null;
  const user = await findUser(ctx.db, live.email);
  return user === null || user.status !== 'active' ? null : { user, sessionId: id, idleLeftMs: live.idleLeftMs };
}

/** The signed-in user, or null: looks the cookie's session up and (unless a background read) marks it seen, once per request. */
export function currentUser(c: Context, ctx: TeamContext): Promise<SignedIn | null> {
  const known = sessionOfRequest.get(c.req.raw);
  if (known !== undefined) return known;
  const found = lookUpSession(c, ctx);
  sessionOfRequest.set(c.req.raw, found);
  return found;
}

/** Who made `request`, once its session was looked up (for its log line); null when nobody was signed in. */
export async function signedInEmailOf(request: Request): Promise<string | null> {
  const found = await sessionOfRequest.get(request)?.catch(() => null);
  return found?.user.email ?? null;
}

/**
 * `request`, made by this server for the page of `signedIn`'s request, carries that session: its
 * routes check the user's permissions as always, without looking the session up (and touching it) again.
 */
export function onBehalfOf(request: Request, signedIn: SignedIn): Request {
  sessionOfRequest.set(request, Promise.resolve(signedIn));
  return request;
}

/** 401 without a live session; sets `user`, `sessionId` and `idleLeftMs` for the handler. */
export function requireSession(ctx: TeamContext) {
  return createMiddleware<TeamEnv>(async (c, next) => {
    const found = await currentUser(c, ctx);
    if (found === null) throw sessionEnded();
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    c.set('idleLeftMs', found.idleLeftMs);
    return next();
  });
}
