import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { ORDER_SEARCH_PATH } from '../../contract/console-api.ts';
import { INTL_COOKIE, orderServicePaths, TEAM_PAGE_DATA_ID } from '../../contract/paths.ts';
import type { TeamPageData, TeamPageSeed } from '../../contract/team-page.ts';
import { UUID_SOURCE } from '../../contract/uuid.ts';
import { escapeHtml } from '../../http/html.ts';
import { withHeadMarkup } from '../console-config.ts';
import { ENV_PREFIX } from '../forward.ts';
import { parseJson } from '../../contract/json-text.ts';
import { describeMe } from '../me-answer.ts';
import type { SignedIn, TeamContext } from '../team-session.ts';
import { currentUser, onBehalfOf } from '../team-session.ts';
import { serializePageData } from './page-data.ts';
import { streamedPage } from './streamed-page.ts';
import type { TeamRendererSource } from './team-renderer.ts';

// Team mode (D16): /orders and /orders/{id} go out with their first data in the HTML,
// rendered for the signed-in person by the app's own components (team-renderer.ts). The data is read
// through this server's own routes with the person's session, the routes the browser would have
// called (/api/orders/search, /env/{id}/psp/v2/order/{id}/): their permission checks, token handling
// and answers are the browser's. A read that is slow, refused or failing is left out and the browser
// asks as it always did; a render that fails ends the page as it always was. Never a 5xx of ours.

export const DEFAULT_READ_BUDGET_MS = 300;

const ORDER_PATH = new RegExp(`^/orders/(${UUID_SOURCE})$`);
const ROOT_START = '<div id="root" data-prerendered>';
const BODY_END = '</body>';
// The page's lazily loaded chunks: their styles linked in the head so the rendered page paints styled
// instead of waiting for its script to ask for them (and then moving), their scripts preloaded with the
// app's. Vite names a chunk's CSS after the chunk: the pages' code comes in the build's first-screen
// chunks (scripts/first-screen-chunks.ts).
export const PAGE_CHUNKS: Record<'list' | 'order', readonly string[]> = {
  list: ['orders-first-screen'],
  order: ['orders-first-screen', 'order-first-screen'],
};

/** public/after-paint.js: starts the app's module scripts once a rendered page has painted. */
export const AFTER_PAINT_SCRIPT = '/after-paint.js';
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin(?:="")? href="([^"]+)">\s*/g;

/**
 * The head of a rendered page: index.html's module scripts and module preloads taken out, and
 * public/after-paint.js (deferred) in their place, which starts them in the same order once the
 * page has painted. A page that arrives whole paints without them; fetched and compiled during that
 * first paint, they held it back. Every rendered page does this: its content comes sooner and the
 * app a little later, and the content is what its person sees first (docs/performance.md, "Team
 * mode's pages").
 * The page's own first-screen scripts (pageScripts) are preloaded with index.html's. A head without
 * module scripts (not a build's) is left as it is.
 */
export function scriptsAfterPaint(head: string, pageScripts: readonly string[] = []): string {
  const run = [...head.matchAll(MODULE_SCRIPT)].map((match) => match[1] ?? '');
  const at = head.search(MODULE_SCRIPT);
  if (run.length === 0 || at < 0) return head;
  const preload = [...new Set([...[...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''), ...pageScripts])];
  const start = `<script defer src="${AFTER_PAINT_SCRIPT}" data-run="${escapeHtml(run.join(' '))}" data-preload="${escapeHtml(preload.join(' '))}"></script>\n    `;
  const without = (text: string) => text.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return without(head.slice(0, at)) + start + without(head.slice(at));
}

export interface TeamPagesOptions {
  ctx: TeamContext;
  renderer: TeamRendererSource;
  /** The built console (index.html, assets/). */
  staticDir: string;
  /** Markup this server adds to index.html's head (its config: console-config.ts configMeta). */
  pageHead: string;
  /** This server's own app, for the reads (the routes the browser calls). */
  callOwn: (request: Request) => Promise<Response>;
  /** How long the reads may take before the page goes without them; default DEFAULT_READ_BUDGET_MS. */
  readBudgetMs?: number;
}

type Page = { kind: 'list' } | { kind: 'order'; orderId: string };

function pageOf(url: URL): Page | null {
  if (url.search !== '') return null;
  if (url.pathname === '/orders') return { kind: 'list' };
  const order = ORDER_PATH.exec(url.pathname);
  return order?.[1] === undefined ? null : { kind: 'order', orderId: order[1].toLowerCase() };
}

/** The browser's locale and time zone from its cookie, when both are ones this server's Intl knows; else null. */
export function intlOf(cookie: string | undefined): { locale: string; timeZone: string } | null {
  if (cookie === undefined) return null;
  let text: string;
  try {
    text = decodeURIComponent(cookie);
  } catch {
    return null;
  }
  const [locale, timeZone, ...rest] = text.split('|');
  if (locale === undefined || timeZone === undefined || rest.length > 0 || text.length > 200) return null;
  try {
    const canonical = Intl.getCanonicalLocales(locale)[0];
    const zone = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
    return canonical === undefined ? null : { locale: canonical, timeZone: zone };
  } catch {
    return null;
  }
}

/** A GET of one of this server's routes as the signed-in person, or null when it is not a 200 with JSON. */
async function readOwn(options: TeamPagesOptions, origin: string, path: string, signedIn: SignedIn, cookie: string, signal: AbortSignal): Promise<{ body: unknown; receivedAt: number } | null> {
  try {
    // The page's session goes with the read (looked up once, for the page); the routes check its permissions as for the browser.
    const response = await options.callOwn(onBehalfOf(new Request(`${origin}${path}`, { headers: { Accept: 'application/json', Cookie: cookie }, signal }), signedIn));
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    const body = parseJson(await response.text());
    return body === null ? null : { body, receivedAt: Date.now() };
  } catch {
    return null;
  }
}

/** Resolves with `work`'s value, or with `fallback` once `ms` have passed (the work is then aborted). */
async function within<T>(ms: number, controller: AbortController, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function seedsFor(options: TeamPagesOptions, page: Page, environmentId: string, origin: string, signedIn: SignedIn, cookie: string): Promise<TeamPageSeed[]> {
  const controller = new AbortController();
  const read = async (): Promise<TeamPageSeed[]> => {
    if (page.kind === 'list') {
      const q = '';
      const answer = await readOwn(options, origin, `${ORDER_SEARCH_PATH}?${new URLSearchParams({ q, env: environmentId }).toString()}`, signedIn, cookie, controller.signal);
      return answer === null ? [] : [{ kind: 'index', environment: environmentId, q, ...answer }];
    }
    const path = `${ENV_PREFIX}/${encodeURIComponent(environmentId)}${orderServicePaths.orderRead(page.orderId)}`;
    const answer = await readOwn(options, origin, path, signedIn, cookie, controller.signal);
    return answer === null ? [] : [{ kind: 'order', environment: environmentId, orderId: page.orderId, ...answer }];
  };
  return within(options.readBudgetMs ?? DEFAULT_READ_BUDGET_MS, controller, read(), []);
}

let builtNames: { dir: string; names: Promise<string[]> } | null = null;

/**
 * The page's first-screen chunks in the build: its styles as links for the head, and its scripts for
 * public/after-paint.js to preload beside the app's own (the app would otherwise ask for them only
 * once it runs). The directory is read once: a build replaces the server's files together with its
 * process in production.
 */
async function pageChunks(staticDir: string, page: Page): Promise<{ styleLinks: string; scripts: string[] }> {
  const dir = join(staticDir, 'assets');
  if (builtNames?.dir !== dir) builtNames = { dir, names: readdir(dir).then((names) => names.filter((name) => /\.(css|js)$/.test(name)), () => []) };
  const names = await builtNames.names;
  const of = (extension: string) => PAGE_CHUNKS[page.kind].flatMap((chunk) => names.filter((name) => new RegExp(`^${chunk}-[A-Za-z0-9_-]{8}\\.${extension}$`).test(name)));
  return {
    styleLinks: of('css')
      .map((name) => `<link rel="stylesheet" crossorigin href="/assets/${name}">`)
      .join(''),
    scripts: of('js').map((name) => `/assets/${name}`),
  };
}

/**
 * The team page for this request, rendered with its data, or null when this request is not one
 * (another page, a query string, nobody signed in) or the page cannot be rendered here: the caller
 * then serves index.html as before.
 */
export function teamPages(options: TeamPagesOptions): (c: Context) => Promise<Response | null> {
  return async (c) => {
    const url = new URL(c.req.url);
    const page = pageOf(url);
    if (page === null) return null;
    // Without the browser's locale and time zone (its first page since signing in) the dates would not
    // match what it renders: that page goes out as before and the app sets the cookie.
    const intl = intlOf(getCookie(c, INTL_COOKIE));
    if (intl === null) return null;
    const [renderer, found, html] = await Promise.all([options.renderer(), currentUser(c, options.ctx), readFile(join(options.staticDir, 'index.html'), 'utf8').then((page) => withHeadMarkup(page, options.pageHead)).catch(() => null)]);
    if (renderer === null || found === null || html === null) return null;
    const start = html.indexOf(ROOT_START);
    const end = html.lastIndexOf(BODY_END);
    if (start < 0 || end < start) return null;

    const chunks = await pageChunks(options.staticDir, page);
    const head = scriptsAfterPaint(html.slice(0, start).replace('</head>', `${chunks.styleLinks}</head>`), chunks.scripts);
    // The head goes before the data is read; from here the answer is a 200 whatever happens: a read or
    // render that fails ends the page as the build made it, and the browser fetches its data as always.
    const rest = async (): Promise<string> => {
      try {
        const me = describeMe(found.user, options.ctx);
        // The browser starts in the first environment it is given (src/console/lib/environments.ts) unless it chose another.
        // One it may not read gets no data: the page asks, and shows what it shows for a refusal.
        const environment = me.environments[0];
        const readable = environment?.permissions.includes('read:order') === true;
        const seeds = environment === undefined || !readable ? [] : await seedsFor(options, page, environment.id, url.origin, found, c.req.header('cookie') ?? '');
        const data: TeamPageData = { auth: options.ctx.config.auth, me, renderedAt: Date.now(), seeds };
        const rendered = await renderer({ location: url.pathname, data, intl });
        return `<div id="root" data-server-rendered>${rendered}</div><script type="application/json" id="${TEAM_PAGE_DATA_ID}">${serializePageData(data)}</script>\n  ${html.slice(end)}`;
      } catch (error) {
        options.ctx.log(`ERROR rendering ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
        return html.slice(start);
      }
    };
    return streamedPage(head, rest, c.req.header('accept-encoding'));
  };
}
