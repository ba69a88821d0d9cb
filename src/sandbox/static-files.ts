import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './auth.ts';

// decisions.md D8: the built console on the same origin. Vite names files under /assets/ by content
// hash, so they can be cached for a year; index.html must not be cached, or a rebuild goes unseen.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Order Console is not built</title></head>
<body>
<h1>Order Console is not built yet</h1>
<p>The sandbox API is running. To get the console, run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>
</body>
</html>
`;

/**
 * A GET handler for everything outside the API: a real file from `staticDir`, else index.html so the
 * console's router can show /orders, /orders/<id>, /settings... A missing /assets/ file stays a 404:
 * the browser asked for a script or a stylesheet, not a page.
 */
export function staticConsole(staticDir: string | undefined): (c: Context<SandboxEnv, string>) => Promise<Response> {
  const root = staticDir === undefined ? undefined : resolve(staticDir);
  let files: MiddlewareHandler<SandboxEnv> | undefined;
  let indexFile: MiddlewareHandler<SandboxEnv> | undefined;

  return async (c) => {
    if (root === undefined || !existsSync(join(root, 'index.html'))) return c.html(NOT_BUILT_PAGE, 200, { 'Cache-Control': NO_CACHE });
    // Created on first use: serveStatic complains on the console when its root does not exist yet.
    files ??= serveStatic<SandboxEnv>({
      root,
      onFound: (path, ctx) => {
        ctx.header('Cache-Control', path.startsWith(join(root, 'assets')) ? IMMUTABLE : NO_CACHE);
      },
    });
    indexFile ??= serveStatic<SandboxEnv>({ root, path: 'index.html', onFound: (_path, ctx) => ctx.header('Cache-Control', NO_CACHE) });

    const fromFile = await files(c, () => Promise.resolve());
    if (fromFile instanceof Response) return fromFile;
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    const fromIndex = await indexFile(c, () => Promise.resolve());
    if (fromIndex instanceof Response) return fromIndex;
    return c.text('Not found', 404);
  };
}
