import type { Context } from 'hono';

// What the console learns about the server it was loaded from, before it calls anything (issue 11):
// a sandbox, or a proxy in front of a real Order Service (D8). No token needed, nothing secret in it:
// the service's origin only, never user info, a path or a query.

// Team mode (D16) says only that, and how people sign in: environments come from /api/me after it.
export type ConsoleConfig =
  | { mode: 'sandbox' }
  | { mode: 'proxy'; service_origin: string; service_host: string }
  | { mode: 'team'; auth: 'local' | 'oidc' };

export function consoleConfig(orderServiceUrl: URL | undefined): ConsoleConfig {
  if (orderServiceUrl === undefined) return { mode: 'sandbox' };
  return { mode: 'proxy', service_origin: orderServiceUrl.origin, service_host: orderServiceUrl.host };
}

export function consoleConfigHandler(config: ConsoleConfig) {
  const body = JSON.stringify(config);
  // no-cache: the same build may be started in either mode; the answer must follow the server.
  return (c: Context) => c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-cache' });
}
