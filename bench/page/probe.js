/* global window, document, performance, PerformanceObserver, requestAnimationFrame, MutationObserver, MessageChannel */
// Installed with page.addInitScript before any page script runs. Collects paint, event-timing and
// long-task entries, times each keystroke to the next paint, and (for the list) notes when the
// first data row appears. Read back through window.__bench.
(() => {
  const config = window.__benchConfig || {};
  const state = { lcp: [], fcp: null, events: [], longtasks: [], keystrokes: [], recordKeys: false, firstRowAt: null, content: null };

  const observe = (type, onEntry, extra) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true, ...extra });
    } catch {
      // An entry type this browser does not know: the figure reads n/a.
    }
  };
  observe('largest-contentful-paint', (e) =>
    state.lcp.push({ t: e.renderTime || e.loadTime || e.startTime, size: e.size, tag: e.element ? e.element.tagName : null }),
  );
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
  });
  observe(
    'event',
    (e) => state.events.push({ name: e.name, start: e.startTime, duration: e.duration, interactionId: e.interactionId || 0 }),
    { durationThreshold: 16 },
  );
  observe('longtask', (e) => state.longtasks.push({ start: e.startTime, duration: e.duration }));

  // Keydown to the first task after the next frame's paint: rAF runs just before the frame is
  // painted, and a message posted from it is handled right after.
  window.addEventListener(
    'keydown',
    (event) => {
      if (!state.recordKeys) return;
      const record = { key: event.key, t0: event.timeStamp, next: null };
      state.keystrokes.push(record);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          record.next = performance.now() - record.t0;
        };
        channel.port2.postMessage(null);
      });
    },
    true,
  );

  if (config.watchRows) {
    const rowSelector = '[role="row"][aria-rowindex="2"]';
    const observer = new MutationObserver(() => {
      if (document.querySelector(rowSelector) !== null) {
        state.firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }

  // Time to content: the first list row or the empty state's heading in the DOM, then
  // painted (the same rAF-then-message step as a keystroke). The pre-rendered heading is not content.
  if (config.watchContent) {
    const find = () => {
      // A peer app has its own markup: its content is its first row's text on the page.
      if (typeof config.contentText === 'string') return document.body !== null && document.body.textContent.includes(config.contentText) ? 'rows' : null;
      // An order opened by its URL: its heading, "Order <external id>", is its content.
      if (typeof config.orderHeading === 'string') {
        for (const heading of document.querySelectorAll('h2')) if (heading.textContent === config.orderHeading) return 'order';
        return null;
      }
      if (document.querySelector('[role="row"][aria-rowindex="2"]') !== null) return 'row';
      for (const heading of document.querySelectorAll('h3')) if (heading.textContent === 'No orders yet') return 'empty state';
      return null;
    };
    const observer = new MutationObserver(() => {
      const kind = find();
      if (kind === null) return;
      observer.disconnect();
      const record = { kind, inDom: performance.now(), painted: null };
      state.content = record;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          record.painted = performance.now();
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  }

  /** Scrolls `selector` by `step` px a frame until it is at the end and holds `rows` rows. */
  function scrollToEnd(selector, step, rows, timeoutMs) {
    const element = document.querySelector(selector);
    if (element === null) return Promise.resolve({ error: `no element ${selector}` });
    const frames = [];
    const started = performance.now();
    return new Promise((resolve) => {
      const tick = (timestamp) => {
        frames.push(timestamp);
        const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
        const loaded = Number(element.getAttribute('aria-rowcount')) - 1;
        const now = performance.now();
        if ((atEnd && loaded >= rows) || now - started > timeoutMs) {
          const gaps = frames.slice(1).map((t, i) => t - (frames[i] ?? t));
          resolve({
            started,
            ended: now,
            timedOut: !(atEnd && loaded >= rows),
            loaded,
            frames: frames.length,
            gaps,
            longtasks: state.longtasks.filter((t) => t.start >= started),
          });
          return;
        }
        if (!atEnd) element.scrollTop += step;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  window.__bench = { state, scrollToEnd };
})();
