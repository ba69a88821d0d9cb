/* global window, document, fetch */
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
  // 3. The server's config (sandbox or proxy: src/console/lib/server-config.ts, CONSOLE_CONFIG_PATH),
  //    asked now, while the app's code downloads, instead of once that code has run: the orders list's
  //    first request waits for the answer (issue 17). The app takes this answer and asks no second time.
  try {
    window.__orderConsoleConfig = fetch('/console-config.json', { headers: { Accept: 'application/json' }, credentials: 'omit' }).catch(function () {
      return null;
    });
  } catch {
    // No fetch: the app asks itself.
  }
})();
