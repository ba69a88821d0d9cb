/* global window, document */
// Team mode: a page the console server rendered with its data comes without the app's
// module scripts in its head (src/server/ssr/team-page.ts scriptsAfterPaint). This deferred script
// starts them once the page has painted. On a cold load their download and compile (a large share of
// a 2-core machine, the core the paint needs) held that paint back (docs/performance.md); the page
// reads whole without them, and the app hydrates it once they have run. Its element lists them:
// data-run, the module scripts in index.html's order; data-preload, the chunks index.html preloads
// and the page's own first-screen chunk.
(function () {
  var self = document.currentScript;
  if (self === null) return;
  var run = (self.getAttribute('data-run') || '').split(' ').filter(Boolean);
  var preload = (self.getAttribute('data-preload') || '').split(' ').filter(Boolean);

  function start() {
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    run.forEach(function (src) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      // Run in the order given, as the head's scripts would have, not as each arrives.
      script.async = false;
      script.src = src;
      document.head.appendChild(script);
    });
  }

  // A tab opened in the background runs no frame until it is shown: its app starts at once.
  if (document.visibilityState === 'hidden' || typeof window.requestAnimationFrame !== 'function') start();
  // This runs once the page is parsed: the next frame paints it, and the task after that frame starts the app.
  else
    window.requestAnimationFrame(function () {
      window.setTimeout(start, 0);
    });
})();
