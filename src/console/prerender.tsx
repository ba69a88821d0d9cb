import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { routes } from './app/router.tsx';

export const PRERENDERED_PATH = '/orders';

/**
 * The orders page's first screen as HTML, rendered at build time into index.html (vite.config.ts)
 * by the app's own components and routes: the shell, the page's heading and the loader where the
 * list will be. It paints as soon as the HTML and the stylesheet are in, before any script runs
 * (issue 6: LCP of /orders), and main.tsx hydrates it. public/boot.js shows it only on /orders;
 * index.html keeps what depends on this browser (environment badge, scheme toggle) invisible until
 * the app runs.
 */
export async function renderOrdersFrame(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://console.invalid${PRERENDERED_PATH}`));
  if (context instanceof Response) throw new Error(`pre-rendering ${PRERENDERED_PATH} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppRoot>
      {/* hydrate={false}: no inline data script (the CSP forbids it); these routes load no data. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}
