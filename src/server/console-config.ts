import type { Context } from 'hono';
import { escapeHtml } from '../http/html.ts';

// What the console learns about the server it was loaded from, before it calls anything:
// a sandbox, or a proxy in front of a real Order Service (D8). No token needed, nothing secret in it:
// the service's origin only, never user info, a path or a query.

// Team mode (D16) says only that, and how people sign in: environments come from /api/me after it.
// A sandbox that takes the public development token says which it is, so the console's built-in
// environment can use it: the token is never in the console's own files, which team mode serves too.
export type ConsoleConfig =
  | { mode: 'sandbox'; development_token?: string }
  | { mode: 'proxy'; service_origin: string; service_host: string }
  | { mode: 'team'; auth: 'local' | 'oidc' };

export function consoleConfig(orderServiceUrl: URL | undefined, developmentToken?: string): ConsoleConfig {
  if (orderServiceUrl === undefined) return developmentToken === undefined ? { mode: 'sandbox' } : { mode: 'sandbox', development_token: developmentToken };
  return { mode: 'proxy', service_origin: orderServiceUrl.origin, service_host: orderServiceUrl.host };
}

export function consoleConfigHandler(config: ConsoleConfig) {
  const body = JSON.stringify(config);
  // no-cache: the same build may be started in either mode; the answer must follow the server.
  return (c: Context) => c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-cache' });
}

/** The meta element public/boot.js reads the config from (the same name is written out there). */
export const CONFIG_META_NAME = 'order-console-config';

/**
 * The config as a meta element for the page's head: public/boot.js reads it while the page
 * is parsed and so knows at once whether it may send the first page's request, instead of waiting for
 * /console-config.json's answer, which needs the main thread free once it comes, and so lands after the
 * app's code has run on a busy machine. The same answer as the JSON route; nothing secret in it.
 */
export function configMeta(config: ConsoleConfig): string {
  return `<meta name="${CONFIG_META_NAME}" content="${escapeHtml(JSON.stringify(config))}">`;
}

/** `html` with `markup` in its head, before its first script (boot.js reads what comes before it), else at the head's end. */
export function withHeadMarkup(html: string, markup: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const script = html.indexOf('<script');
  const at = script >= 0 && script < headEnd ? script : headEnd;
  return html.slice(0, at) + markup + html.slice(at);
}
