import './app/shell-styles.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { TEAM_PAGE_DATA_ID } from '../contract/paths.ts';
import { AppRoot } from './app/app-root.tsx';
import { isLeftForTheClient } from './app/hydration.ts';
import { AppRoutes } from './app/router.tsx';
import { firstScreenReady } from './app/first-screen-ready.ts';
import { handleAuthError } from './app/auth-notice.tsx';
import { loadOrdersPageBody } from './features/orders-list/orders-route.tsx';
import { prefetchOrdersFirstPage } from './features/orders-list/prefetch-first-page.ts';
import { createQueryClient } from './lib/query-client.ts';
import { rememberIntlForServer } from './lib/render-settings.ts';
import { loadServerConfig } from './lib/server-config.ts';

// Team mode: a page the console server rendered carries the config and data it was
// rendered with, and asks nothing again (app/team-hydrate.tsx).
const teamPageData = document.getElementById(TEAM_PAGE_DATA_ID)?.textContent ?? null;

// Team mode renders its pages in this browser's locale and time zone, told in a cookie.
// Only team mode: the first Intl call of a page is costly (ICU loads the locale and zone), which a
// personal console's cold /orders does not otherwise pay (no date on screen until an order settles).
if (teamPageData !== null) rememberIntlForServer();
// Sandbox or proxy: asked before anything else, so the answer is in by the time a page
// decides what to call.
else
  void loadServerConfig().then((config) => {
    if (config.mode === 'team') rememberIntlForServer();
  });

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// /orders: its list's first request and the page's lazy code start now, before hydration.
const queryClient = createQueryClient(handleAuthError);
const firstPage = teamPageData === null ? prefetchOrdersFirstPage(queryClient, window.location) : Promise.resolve();
const ordersBody = window.location.pathname === '/orders' ? loadOrdersPageBody() : Promise.resolve();

const app = (
  <AppRoot queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppRoot>
);

// A build's index.html holds the orders page pre-rendered (prerender.tsx); public/boot.js marks
// <html data-frame="orders"> when that is the page asked for. Then React adopts that HTML instead of
// painting it again; anywhere else the HTML is dropped (it was hidden) and the app renders afresh.
if (teamPageData !== null) {
  void import('./app/team-hydrate.tsx').then(({ hydrateTeamPage }) => hydrateTeamPage(root, app, queryClient, teamPageData));
  root.removeAttribute('data-prerendered');
} else if (root.hasAttribute('data-prerendered') && document.documentElement.getAttribute('data-frame') === 'orders') {
  // The pre-rendered frame is on screen already, and its links work as
  // plain links. Hydrating it once the list's code and its first answer are in (they usually are by
  // the time this runs: boot.js asked for the list while the code downloaded) renders the whole first
  // screen in one go, the list and its rows in the same task as the shell, instead of three renders,
  // each followed by a style, layout and paint of the page. A slow network holds it back no longer
  // than FIRST_SCREEN_WAIT_MS (first-screen-ready.ts): the list then shows its loader, as before.
  void firstScreenReady([ordersBody, firstPage]).then(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => {
        if (!isLeftForTheClient(error)) reportError(error);
      },
    });
    root.removeAttribute('data-prerendered');
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
  root.removeAttribute('data-prerendered');
}
