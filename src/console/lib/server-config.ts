import { CONSOLE_CONFIG_PATH } from '../../contract/paths.ts';
import type { TeamMe } from '../../contract/console-api.ts';

// What the server that served this console is: the embedded sandbox, or a proxy that
// forwards /psp/ to a real Order Service (ORDER_SERVICE_URL, D8). The built-in environment is "this
// server", so it follows the answer: in proxy mode it is the proxied service, sandbox features off.
//
// Read once, at start: the console's server writes its answer in the page (a meta element,
// src/server/console-config.ts configMeta), public/boot.js leaves it as a response and main.tsx takes
// it; a page without it (not from the console's server) asks /console-config.json. Until the answer comes the console behaves as before (a sandbox); a server that
// does not answer (an older server, a static host, Vite's dev proxy without the route) is taken for
// a sandbox too. Its answer is read by hand: this module is on the first screen's path, which keeps
// zod off it (docs/performance.md); who is signed in (team mode only) is read with the contract's
// schema, by team-me.ts.

export type ServerConfig =
  // developmentToken: the sandbox's public development token, when it takes it (the built-in environment's).
  | { mode: 'sandbox'; developmentToken?: string }
  | { mode: 'proxy'; serviceOrigin: string; serviceHost: string }
  // me null: not signed in (the session ended between the page and the question).
  | { mode: 'team'; auth: 'local' | 'oidc'; me: TeamMe | null };

const SANDBOX: ServerConfig = { mode: 'sandbox' };

let current: ServerConfig | null = null;
let loading: Promise<ServerConfig> | null = null;
const listeners = new Set<() => void>();

export function parseServerConfig(data: unknown): ServerConfig {
  if (typeof data !== 'object' || data === null) return SANDBOX;
  const fields = new Map<string, unknown>(Object.entries(data));
  const auth = fields.get('auth');
  if (fields.get('mode') === 'team' && (auth === 'local' || auth === 'oidc')) return { mode: 'team', auth, me: null };
  const origin = fields.get('service_origin');
  const host = fields.get('service_host');
  if (fields.get('mode') === 'proxy' && typeof origin === 'string' && typeof host === 'string' && host !== '' && /^https?:\/\//.test(origin)) {
    return { mode: 'proxy', serviceOrigin: origin, serviceHost: host };
  }
  const token = fields.get('development_token');
  return typeof token === 'string' && /^[\x21-\x7e]{1,200}$/.test(token) ? { mode: 'sandbox', developmentToken: token } : SANDBOX;
}

function settle(config: ServerConfig): ServerConfig {
  current = config;
  for (const listener of listeners) listener();
  return config;
}

declare global {
  interface Window {
    /** The config public/boot.js read from the page, as an answer (null: none could be had). */
    __orderConsoleConfig?: Promise<Response | null> | undefined;
  }
}

/** boot.js's request when it sent one (taken once), else a new one. */
function requestConfig(): Promise<Response | null> {
  const early = typeof window === 'undefined' ? undefined : window.__orderConsoleConfig;
  if (early !== undefined) {
    window.__orderConsoleConfig = undefined;
    return early;
  }
  return fetch(CONSOLE_CONFIG_PATH, { headers: { Accept: 'application/json' }, credentials: 'omit' });
}

/** Starts asking the server (once) and resolves with its answer; never rejects. */
export function loadServerConfig(): Promise<ServerConfig> {
  loading ??= requestConfig()
    .then(async (response) => {
      const config = response?.ok === true ? parseServerConfig(await response.json()) : SANDBOX;
      // Team mode: the environments and what this person may do come from the server, before any call
      // (its reader, with the contract's schema, loads only in team mode).
      return settle(config.mode === 'team' ? { ...config, me: await (await import('./team-me.ts')).fetchMe() } : config);
    })
    .catch(() => settle(SANDBOX));
  return loading;
}

/** Resolves once the answer is in, at once when nobody asked (tests, a console without main.tsx). */
export function serverConfigSettled(): Promise<unknown> {
  return loading ?? Promise.resolve();
}

/** The answer, or null while it is on its way. */
export function serverConfig(): ServerConfig | null {
  return current;
}

/** True while the question is asked and not answered: a page whose mode decides what it keeps waits. */
export function serverConfigPending(): boolean {
  return current === null && loading !== null;
}

/**
 * The sandbox's public development token as its server named it, or '' (a proxy, team mode, a
 * sandbox with tokens of its own). Never written in the console's files: team mode serves them too.
 */
export function developmentToken(): string {
  return current?.mode === 'sandbox' ? (current.developmentToken ?? '') : '';
}

export function isProxyMode(): boolean {
  return current?.mode === 'proxy';
}

/** Team mode (D16): no token in this browser; calls go to /env/{id}/ with the session cookie. */
export function isTeamMode(): boolean {
  return current?.mode === 'team';
}

/** Team mode: the server's new answer about who this is (team-me.ts refreshMe, after signing in again). */
export function settleMe(me: TeamMe | null): void {
  if (current?.mode === 'team') settle({ ...current, me });
}

/**
 * Team mode's server-rendered pages (D16): the config the console server rendered a page
 * with. The server's render and the browser's hydration both read it where React asks for a "server
 * snapshot" (use-team.ts, environments.ts, loadable.tsx), so the two trees agree; null everywhere
 * else, which keeps the build's pre-render and its hydration as they were.
 */
let rendered: ServerConfig | null = null;

export function renderedConfig(): ServerConfig | null {
  return rendered;
}

/** The server's render (src/console/team-render.tsx): the config React's server snapshots read, null when done. */
export function setRenderedConfig(config: ServerConfig | null): void {
  rendered = config;
}

/** The browser, before hydrating a page the server rendered with `config`: takes it as the server's answer and asks nothing more. */
export function adoptRenderedConfig(config: ServerConfig): void {
  rendered = config;
  loading = Promise.resolve(config);
  settle(config);
}

export function onServerConfig(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: pretend the server answered `config` (null: forget the answer). */
export function setServerConfigForTests(config: ServerConfig | null): void {
  loading = config === null ? null : Promise.resolve(config);
  current = config;
  for (const listener of listeners) listener();
}
