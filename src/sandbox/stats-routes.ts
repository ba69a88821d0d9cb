import type { Hono } from 'hono';
import { sandboxPaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import { byMethod } from '../http/routing.ts';
import type { Store } from './store.ts';

// The sandbox at a glance, for the token's own orders (aggregated in SQL, stats-query.ts).

export function registerStatsRoutes(app: Hono<SandboxEnv>, store: Store): void {
  app.all(
    sandboxPaths.stats(),
    byMethod<SandboxEnv>({
      GET: async (c) => c.json(await store.stats(c.get('owner'), new Date()), 200, { 'Cache-Control': 'no-store' }),
    }),
  );
}
