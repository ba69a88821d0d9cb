/* global window, document, fetch, URL, URLSearchParams, AbortController, Response */
// Runs before the page is parsed (a blocking classic script: the CSP allows no inline script).
// 1. The colour scheme, as Mantine's ColorSchemeScript sets it (same storage key, "auto" by default),
//    so the pre-rendered frame below paints in the user's scheme instead of flashing light.
// 2. Whether index.html's pre-rendered page may show: it is /orders's (src/console/prerender.tsx);
//    every other address waits for the app, as before.
(function () {
  var root = document.documentElement;
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = stored === 'light' || stored === 'dark' ? stored : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    root.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // No storage (a locked-down browser): Mantine sets the scheme when the app starts.
  }
  // Exactly /orders: the shell marks the current page's link, so /orders/ would not hydrate cleanly.
  if (window.location.pathname === '/orders') root.setAttribute('data-frame', 'orders');
  // 3. The locale's date data, loaded on another thread while the app's code runs (public/intl-warm.js),
  //    where there is a core to spare for it. With two, the worker's start and its data competed with
  //    the frame's first paint and the app's code, and the rows came later with it than without
  //    (docs/performance.md).
  if (window.location.pathname === '/orders' && (window.navigator.hardwareConcurrency || 0) > 2) warmIntl();
  // 4. The server's config (sandbox, proxy or team: src/console/lib/server-config.ts). The server that
  //    served this page wrote it in the page, a meta element before this script
  //    (src/server/console-config.ts configMeta), so it is known now, without a request; the
  //    app takes it from here. A page from elsewhere (Vite's dev server, a static host) has none: the
  //    app asks /console-config.json itself, and this script sends nothing.
  var meta = document.querySelector('meta[name="order-console-config"]');
  var given = meta === null ? null : meta.getAttribute('content');
  if (given === null || given === '') return;
  var data;
  try {
    data = JSON.parse(given);
    window.__orderConsoleConfig = Promise.resolve(new Response(given, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // Not JSON, or no Response here: the app asks itself.
    return;
  }
  // 5. /orders's list: its first page asked now, on a sandbox, while the app's code
  //    downloads, instead of once that code has run; on /orders/{id} the order's read, the order
  //    page's first request. The same request the app sends
  //    (src/console/features/orders-list/prefetch-first-page.ts, sandbox-list-request.ts,
  //    features/orders/api/get-order.ts, lib/api-client.ts): the built-in environment, its token read as lib/environments.ts reads it,
  //    in the Authorization header only. Team mode (no token here) and a proxy (no sandbox list) are
  //    left to the app. Left here as a promise of that request, which the app takes
  //    (lib/boot-requests.ts) only when it would have sent this very URL with this very token, and
  //    otherwise cancels it and asks itself.
  if (data === null || data.mode !== 'sandbox') return;
  var list = firstListUrl();
  var read = list !== null ? list : firstOrderReadUrl();
  if (read === null) return;
  var token = sandboxToken(typeof data.development_token === 'string' ? data.development_token : '');
  try {
    var controller = new AbortController();
    var response = fetch(read, { method: 'GET', headers: { Accept: 'application/json', Authorization: 'Token ' + token }, credentials: 'omit', signal: controller.signal });
    // The app handles a failure; until it takes the request, an unhandled rejection would be noise.
    response.catch(function () {});
    var sent = Promise.resolve({ url: read, token: token, response: response, abort: function () { controller.abort(); } });
    if (list !== null) window.__orderConsoleList = sent;
    else window.__orderConsoleOrderRead = sent;
  } catch {
    // No fetch: the app asks itself.
  }

  function warmIntl() {
    try {
      var worker = new window.Worker('/intl-warm.js');
      worker.onmessage = function () {
        worker.terminate();
      };
    } catch {
      // No workers (or a policy against them): the page loads the data itself when it first needs it.
    }
  }

  /** The URL of /orders's first list page as the app asks it, or null when the app asks nothing first. */
  function firstListUrl() {
    if (window.location.pathname !== '/orders') return null;
    var params = new URLSearchParams(window.location.search);
    if (params.get('source') === 'local' || params.has('status')) return null;
    if (!builtInEnvironmentActive()) return null;
    var url = new URL(window.location.origin + '/sandbox/orders');
    url.searchParams.set('limit', '200');
    var q = (params.get('q') || '').trim();
    if (q !== '') url.searchParams.set('q', q);
    return url.toString();
  }

  /** The URL of the order's read on /orders/{id} as the app asks it (a documented order id only), or null. */
  function firstOrderReadUrl() {
    // src/contract/order-shape.ts ORDER_ID_PATTERN; src/contract/paths.ts orderRead.
    var match = /^\/orders\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/.exec(window.location.pathname);
    if (match === null || !builtInEnvironmentActive()) return null;
    return window.location.origin + '/psp/v2/order/' + encodeURIComponent(match[1]) + '/';
  }

  /** Whether the active environment is the built-in one, this server (localStorage as lib/environments.ts keeps it). */
  function builtInEnvironmentActive() {
    try {
      var raw = window.localStorage.getItem('order-console:environments');
      if (raw === null) return true;
      var environments = JSON.parse(raw);
      if (!Array.isArray(environments)) return false;
      var activeId = window.localStorage.getItem('order-console:active-environment') || (environments[0] && environments[0].id);
      return environments.some(function (e) {
        return e && e.id === 'local-sandbox' && e.id === activeId && e.baseUrl === '' && e.sandbox === true;
      });
    } catch {
      return false;
    }
  }

  /** The built-in environment's token, as lib/environments.ts getToken finds it on a sandbox (the server names its development token). */
  function sandboxToken(developmentToken) {
    var service = 'sandbox@' + window.location.origin;
    var stored = function (storage, remembered) {
      try {
        var value = storage.getItem('order-console:token:local-sandbox');
        if (value === null) return null;
        var origin = storage.getItem('order-console:token-origin:local-sandbox');
        if (origin === null) return remembered ? null : value;
        return origin === service ? value : null;
      } catch {
        return null;
      }
    };
    var fromSession = stored(window.sessionStorage, false);
    if (fromSession !== null) return fromSession;
    var fromLocal = stored(window.localStorage, true);
    return fromLocal !== null ? fromLocal : developmentToken;
  }
})();
