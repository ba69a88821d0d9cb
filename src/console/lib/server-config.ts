import { CONSOLE_CONFIG_PATH } from '../../contract/paths.ts';

// What the server that served this console is (issue 11): the embedded sandbox, or a proxy that
// forwards /psp/ to a real Order Service (ORDER_SERVICE_URL, D8). The built-in environment is "this
// server", so it follows the answer: in proxy mode it is the proxied service, sandbox features off.
//
// Asked once, at start: public/boot.js sends the request while the page is parsed and main.tsx
// takes its answer. Until the answer comes the console behaves as before (a sandbox); a server that
// does not answer (an older server, a static host, Vite's dev proxy without the route) is taken for
// a sandbox too. Checked by hand: this module is on the first screen's path, which keeps zod off it
// (issue 6).

export type ServerConfig = { mode: 'sandbox' } | { mode: 'proxy'; serviceOrigin: string; serviceHost: string };

const SANDBOX: ServerConfig = { mode: 'sandbox' };

let current: ServerConfig | null = null;
let loading: Promise<ServerConfig> | null = null;
const listeners = new Set<() => void>();

export function parseServerConfig(data: unknown): ServerConfig {
  if (typeof data !== 'object' || data === null) return SANDBOX;
  const fields = new Map<string, unknown>(Object.entries(data));
  const origin = fields.get('service_origin');
  const host = fields.get('service_host');
  if (fields.get('mode') === 'proxy' && typeof origin === 'string' && typeof host === 'string' && host !== '' && /^https?:\/\//.test(origin)) {
    return { mode: 'proxy', serviceOrigin: origin, serviceHost: host };
  }
  return SANDBOX;
}

function settle(config: ServerConfig): ServerConfig {
  current = config;
  for (const listener of listeners) listener();
  return config;
}

declare global {
  interface Window {
    /** The request public/boot.js sent for the config before the app's code loaded (null: it failed). */
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
    .then(async (response) => settle(response?.ok === true ? parseServerConfig(await response.json()) : SANDBOX))
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

export function isProxyMode(): boolean {
  return current?.mode === 'proxy';
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
