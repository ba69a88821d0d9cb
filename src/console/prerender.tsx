import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { AppRoutes } from './app/router.tsx';

export const PRERENDERED_PATH = '/orders';

/**
 * The orders page's first screen as HTML, rendered at build time into index.html (vite.config.ts)
 * by the app's own components and routes: the shell, the page's heading and the loader where the
 * list will be. It paints as soon as the HTML and the stylesheet are in, before any script runs
 * (LCP of /orders), and main.tsx hydrates it. public/boot.js shows it only on /orders;
 * index.html keeps what depends on this browser (environment badge, scheme toggle) invisible until
 * the app runs.
 */
export function renderOrdersFrame(): string {
  return renderToString(
    <AppRoot>
      <StaticRouter location={PRERENDERED_PATH}>
        <AppRoutes />
      </StaticRouter>
    </AppRoot>,
  );
}
