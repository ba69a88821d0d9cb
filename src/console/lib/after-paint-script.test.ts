import { afterEach, expect, test, vi } from 'vitest';
import AFTER_PAINT from '../../../public/after-paint.js?raw';

// public/after-paint.js run in the page: a team /orders rendered by the console server lists the
// app's module scripts on this script's element instead of in its head (src/server/ssr/team-page.ts
// scriptsAfterPaint; the server's tests check that it does, e2e/team-first-data.spec.ts that the
// page then hydrates). It starts them after the next frame, in their order, or at once in a tab
// that paints nothing.

const RUN = ['/assets/rolldown-runtime-Aa11Bb22.js', '/assets/react-dom-Bb22Cc33.js', '/assets/shell-Cc33Dd44.js'];
const PRELOAD = ['/assets/orders-first-screen-Dd44Ee55.js'];

let frames: FrameRequestCallback[] = [];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  frames = [];
});

/** Runs the script as its deferred element would, the page `visibility`. */
function runAfterPaint(visibility: DocumentVisibilityState, run = RUN, preload = PRELOAD) {
  const element = document.createElement('script');
  element.setAttribute('data-run', run.join(' '));
  element.setAttribute('data-preload', preload.join(' '));
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  // Indirect eval: in the page's global scope, as a classic script runs.
  (0, eval)(AFTER_PAINT);
}

const started = () => ({
  scripts: [...document.head.querySelectorAll('script')].map((s) => ({ src: new URL(s.src).pathname, type: s.type, async: s.async, crossOrigin: s.crossOrigin })),
  preloads: [...document.head.querySelectorAll('link')].map((l) => ({ rel: l.rel, href: new URL(l.href).pathname, crossOrigin: l.crossOrigin })),
});

test('nothing starts before the frame that paints the page; after it, the module scripts in their order, the chunks preloaded', () => {
  vi.useFakeTimers();
  runAfterPaint('visible');
  expect(started()).toEqual({ scripts: [], preloads: [] });
  expect(frames).toHaveLength(1);
  frames[0]?.(performance.now());
  // Still inside that frame's work (before its paint): nothing yet.
  expect(started().scripts).toEqual([]);
  vi.runAllTimers();
  expect(started()).toEqual({
    scripts: RUN.map((src) => ({ src, type: 'module', async: false, crossOrigin: '' })),
    preloads: PRELOAD.map((href) => ({ rel: 'modulepreload', href, crossOrigin: '' })),
  });
});

test('a tab opened in the background (no frames until shown) starts its app at once', () => {
  runAfterPaint('hidden');
  expect(frames).toEqual([]);
  expect(started().scripts.map((s) => s.src)).toEqual(RUN);
});

test('an element without lists starts nothing', () => {
  vi.useFakeTimers();
  runAfterPaint('visible', [], []);
  frames[0]?.(performance.now());
  vi.runAllTimers();
  expect(started()).toEqual({ scripts: [], preloads: [] });
});
