import type { Environment } from './environment-schema.ts';
import { developmentToken, isProxyMode, isTeamMode, onServerConfig, renderedConfig, serverConfig } from './server-config.ts';

// Connection settings. Environment definitions live in localStorage (they hold no secret). Tokens
// live in sessionStorage, or in localStorage only for an environment whose "remember on this device"
// box is ticked (issue: the token never reaches localStorage unless the user opts in).
//
// This module is on the first screen's path, so it checks stored environments by hand: zod then
// loads only with the pages that parse with it (docs/performance.md, "No zod on the first screen").

export type { Environment } from './environment-schema.ts';

export const DEFAULT_ENVIRONMENT_ID = 'local-sandbox';

const DEFAULT_NAME = 'Local sandbox';

const DEFAULT_ENVIRONMENT: Environment = {
  id: DEFAULT_ENVIRONMENT_ID,
  name: DEFAULT_NAME,
  baseUrl: '',
  production: false,
  sandbox: true,
  rememberToken: false,
};

const ENVIRONMENTS_KEY = 'order-console:environments';
const ACTIVE_KEY = 'order-console:active-environment';
const tokenKey = (id: string) => `order-console:token:${id}`;
const tokenOriginKey = (id: string) => `order-console:token-origin:${id}`;

export function isServiceBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** What `environmentSchema` accepts, for a stored list (no zod on the first screen's path). */
function isStoredEnvironment(value: unknown): value is Environment {
  if (typeof value !== 'object' || value === null) return false;
  const e = new Map<string, unknown>(Object.entries(value));
  const id = e.get('id');
  const name = e.get('name');
  const baseUrl = e.get('baseUrl');
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof name === 'string' &&
    name.trim() !== '' &&
    name.length <= 60 &&
    typeof baseUrl === 'string' &&
    (baseUrl === '' || isServiceBaseUrl(baseUrl)) &&
    typeof e.get('production') === 'boolean' &&
    typeof e.get('sandbox') === 'boolean' &&
    typeof e.get('rememberToken') === 'boolean'
  );
}

function readEnvironments(): Environment[] {
  const raw = safeGet(window.localStorage, ENVIRONMENTS_KEY);
  if (raw === null) return [DEFAULT_ENVIRONMENT];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isStoredEnvironment) ? parsed : [DEFAULT_ENVIRONMENT];
  } catch {
    return [DEFAULT_ENVIRONMENT];
  }
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this page only, which is the safe failure.
  }
}

/**
 * An environment on this console's own origin is whatever this server is (server-config.ts): behind a
 * proxy it is the proxied service, so the sandbox features are off and the built-in one is named
 * after the service's host. Applied when read, never stored: the same browser may next meet a sandbox.
 */
function asServed(environment: Environment): Environment {
  const config = serverConfig();
  if (environment.baseUrl !== '' || config?.mode !== 'proxy') return environment;
  const name = environment.id === DEFAULT_ENVIRONMENT_ID && environment.name === DEFAULT_NAME ? `${config.serviceHost} (proxy)` : environment.name;
  return { ...environment, name, sandbox: false };
}

/** What to store for an environment saved from Settings: the stored name and sandbox flag, not asServed's. */
function asStored(environment: Environment, stored: Environment | undefined): Environment {
  if (stored === undefined || environment.baseUrl !== '' || !isProxyMode()) return environment;
  const shown = asServed(stored);
  return { ...environment, name: environment.name === shown.name ? stored.name : environment.name, sandbox: stored.sandbox };
}

interface Snapshot {
  environments: Environment[];
  active: Environment;
}

let snapshot: Snapshot | null = null;
const listeners = new Set<() => void>();

/**
 * Team mode (D16): the environments are the server's (GET /api/me), each reached through
 * /env/{id}/ on this origin with the session cookie; no token, nothing of them stored here.
 */
function teamEnvironments(config = serverConfig()): Environment[] | null {
  if (config?.mode !== 'team') return null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (config.me?.environments ?? []).map((e) => ({
    id: e.id,
    name: e.name,
    baseUrl: `${origin}/env/${encodeURIComponent(e.id)}`,
    production: e.production,
    sandbox: e.sandbox,
    rememberToken: false,
  }));
}

function load(): Snapshot {
  const environments = teamEnvironments() ?? readEnvironments().map(asServed);
  const activeId = safeGet(window.localStorage, ACTIVE_KEY);
  const active = environments.find((e) => e.id === activeId) ?? environments[0] ?? DEFAULT_ENVIRONMENT;
  return kept({ environments, active });
}

/**
 * The snapshot already handed out (or the pre-render's) when nothing in it changed: a new object
 * makes every component that reads the environments render again, the whole shell included. On
 * the first screen that was twice for nothing: after hydration (the pre-render's snapshot
 * against this browser's) and when the server's config came (sandbox, as assumed).
 */
function kept(next: Snapshot): Snapshot {
  const text = JSON.stringify(next);
  if (snapshot !== null && JSON.stringify(snapshot) === text) return snapshot;
  return JSON.stringify(SERVER_SNAPSHOT) === text ? SERVER_SNAPSHOT : next;
}

function commit(environments: Environment[], activeId: string): void {
  safeSet(window.localStorage, ENVIRONMENTS_KEY, JSON.stringify(environments));
  safeSet(window.localStorage, ACTIVE_KEY, activeId);
  snapshot = load();
  for (const listener of listeners) listener();
}

const SERVER_SNAPSHOT: Snapshot = { environments: [DEFAULT_ENVIRONMENT], active: DEFAULT_ENVIRONMENT };

// A team page the console server rendered: its environments, the first one active (the
// server cannot see this browser's choice), one object per rendered config so React sees no change.
let renderedSnapshot: { config: unknown; snapshot: Snapshot } | null = null;

function serverSnapshot(): Snapshot {
  const config = renderedConfig();
  const environments = teamEnvironments(config);
  if (environments === null) return SERVER_SNAPSHOT;
  if (renderedSnapshot?.config !== config) renderedSnapshot = { config, snapshot: { environments, active: environments[0] ?? DEFAULT_ENVIRONMENT } };
  return renderedSnapshot.snapshot;
}

export const environmentStore = {
  /** What a page rendered without a browser shows (the pre-rendered frame, src/console/prerender.tsx). */
  getServerSnapshot: serverSnapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): Snapshot => {
    snapshot ??= load();
    return snapshot;
  },
  /** Forget the cached snapshot (tests clear storage between cases). */
  reload: (): void => {
    snapshot = load();
    for (const listener of listeners) listener();
  },
  save: (saved: Environment): void => {
    const { active } = environmentStore.getSnapshot();
    const environments = readEnvironments();
    const environment = asStored(saved, environments.find((e) => e.id === saved.id));
    const exists = environments.some((e) => e.id === environment.id);
    const next = exists ? environments.map((e) => (e.id === environment.id ? environment : e)) : [...environments, environment];
    // Moving a token between storages when "remember" changes.
    const token = getToken(environment.id);
    commit(next, active.id);
    setToken(environment.id, token);
  },
  remove: (id: string): void => {
    const { active } = environmentStore.getSnapshot();
    const next = readEnvironments().filter((e) => e.id !== id);
    if (next.length === 0) return;
    for (const storage of [window.sessionStorage, window.localStorage]) {
      safeSet(storage, tokenKey(id), null);
      safeSet(storage, tokenOriginKey(id), null);
    }
    commit(next, active.id === id ? (next[0]?.id ?? DEFAULT_ENVIRONMENT_ID) : active.id);
  },
  activate: (id: string): void => {
    const team = teamEnvironments();
    if (team !== null) {
      if (!team.some((e) => e.id === id)) return;
      safeSet(window.localStorage, ACTIVE_KEY, id);
      snapshot = load();
      for (const listener of listeners) listener();
      return;
    }
    const environments = readEnvironments();
    if (environments.some((e) => e.id === id)) commit(environments, id);
  },
};

onServerConfig(() => environmentStore.reload());

export function getActiveEnvironment(): Environment {
  return environmentStore.getSnapshot().active;
}

function findEnvironment(id: string): Environment | undefined {
  return environmentStore.getSnapshot().environments.find((e) => e.id === id);
}

/**
 * The service an environment's calls reach: its base URL's origin; for one on this
 * console's own origin, the proxied service's origin behind a proxy, else this server's sandbox.
 * A token is kept with the service it was entered for and given to no other.
 */
export function serviceOriginOf(environmentId: string): string {
  const baseUrl = findEnvironment(environmentId)?.baseUrl ?? '';
  if (baseUrl !== '' && isServiceBaseUrl(baseUrl)) return new URL(baseUrl).origin;
  const config = serverConfig();
  return config?.mode === 'proxy' ? config.serviceOrigin : `sandbox@${window.location.origin}`;
}

/**
 * The token kept in one storage, if it is for the service the environment reaches now. A token
 * without a recorded service is accepted from the tab's sessionStorage only (one a test seeded for
 * this tab, or one kept before the service was recorded); a remembered one must name its service.
 */
function storedToken(storage: Storage, environmentId: string, remembered: boolean): string | null {
  const token = safeGet(storage, tokenKey(environmentId));
  if (token === null) return null;
  const origin = safeGet(storage, tokenOriginKey(environmentId));
  if (origin === null) return remembered ? null : token;
  return origin === serviceOriginOf(environmentId) ? token : null;
}

export function getToken(environmentId: string): string {
  // Team mode: the server adds the token when it forwards; this browser never has one.
  if (isTeamMode()) return '';
  const fromSession = storedToken(window.sessionStorage, environmentId, false);
  if (fromSession !== null) return fromSession;
  const fromLocal = storedToken(window.localStorage, environmentId, true);
  if (fromLocal !== null) return fromLocal;
  // The development token is the embedded sandbox's, as its server names it; a proxied service has its own tokens.
  return environmentId === DEFAULT_ENVIRONMENT_ID ? developmentToken() : '';
}

export function setToken(environmentId: string, token: string): void {
  const remember = findEnvironment(environmentId)?.rememberToken ?? false;
  const origin = serviceOriginOf(environmentId);
  safeSet(window.sessionStorage, tokenKey(environmentId), remember ? null : token);
  safeSet(window.sessionStorage, tokenOriginKey(environmentId), remember ? null : origin);
  safeSet(window.localStorage, tokenKey(environmentId), remember ? token : null);
  safeSet(window.localStorage, tokenOriginKey(environmentId), remember ? origin : null);
  for (const listener of listeners) listener();
}

export function newEnvironmentId(): string {
  return `env-${crypto.randomUUID()}`;
}
