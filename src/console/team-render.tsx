import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { RenderTeamPage } from '../contract/team-page.ts';
import { AppRoot } from './app/app-root.tsx';
import { AppRoutes, preloadServerRenderedPage } from './app/router.tsx';
import { seedTeamPage } from './app/team-page-seed.ts';
import { environmentStore } from './lib/environments.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setRenderSettings } from './lib/render-settings.ts';
import type { ServerConfig } from './lib/server-config.ts';
import { setRenderedConfig } from './lib/server-config.ts';
import { readMe } from './lib/team-me.ts';

// The pages' code, loaded with this module (the server loads it once): a render never waits for it,
// and the data read just before a render stays fresh for the browser.
await Promise.all(['/orders', '/orders/00000000-0000-0000-0000-000000000000'].map(preloadServerRenderedPage));

/**
 * A page as the console server sends it to the signed-in person, rendered by the
 * app's own routes and components with the answers the server read for them (src/server/ssr/). Built
 * for Node (`vite build --ssr`, package.json's build), loaded by the server at start; the browser
 * hydrates it (app/team-hydrate.tsx) from the same data.
 */
export const renderTeamPage: RenderTeamPage = async ({ location, data, intl }) => {
  const config: ServerConfig = { mode: 'team', auth: data.auth, me: readMe(data.me) };
  const pathname = new URL(location, 'http://console.invalid').pathname;
  await preloadServerRenderedPage(pathname);
  // The config is module state the render reads: set and cleared around one synchronous render, so
  // two requests never see each other's (renderToString does not yield).
  setRenderedConfig(config);
  setRenderSettings({ ...intl, renderedAt: data.renderedAt });
  try {
    const queryClient = createQueryClient(() => undefined);
    seedTeamPage(queryClient, environmentStore.getServerSnapshot().environments, data.seeds);
    return renderToString(
      <AppRoot queryClient={queryClient}>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </AppRoot>,
    );
  } finally {
    setRenderedConfig(null);
    setRenderSettings({});
  }
};
