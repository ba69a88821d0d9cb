import type { Hono } from 'hono';
import type { FetchApp } from '../../http/listen.ts';
import type { StoreWatch } from '../../sandbox/entry.ts';
import { createBackground } from '../background.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { upstream } from '../upstream.ts';
import { registerImportRoutes } from './import-routes.ts';
import { startIndexRefresher } from './index-refresher.ts';
import { indexSandboxChanges } from './sandbox-feed.ts';
import { registerOrderRecords, registerOrderSearch } from './search-route.ts';

// The team order index's routes (search, import) and what feeds it from this process besides the
// console's own calls: the embedded sandbox's changes, and the refresher that reads open orders
// again (docs/order-index.md). Both stop with the server (background.ts).

export const DEFAULT_INDEX_REFRESH = 1;

export function registerOrderIndex(app: Hono<TeamEnv>, ctx: TeamContext, sandbox: { app: FetchApp; token: string; store?: StoreWatch } | undefined): void {
  registerOrderSearch(app, ctx);
  registerOrderRecords(app, ctx);
  registerImportRoutes(app, ctx);
  const background = ctx.background ?? createBackground().background;
  if (sandbox?.store !== undefined) {
    const stop = indexSandboxChanges(ctx, sandbox.store, sandbox.token);
    background.signal.addEventListener('abort', stop, { once: true });
  }
  startIndexRefresher({
    db: ctx.db,
    upstream: upstream(sandbox),
    environments: ctx.config.environments,
    perSecond: ctx.config.indexRefreshPerSecond ?? DEFAULT_INDEX_REFRESH,
    background,
    log: ctx.log,
  });
}
