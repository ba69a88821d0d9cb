/* global postMessage */
// A dedicated worker public/boot.js starts on /orders. The first Intl.DateTimeFormat a page makes
// is slow on the main thread (docs/performance.md, "Dates and Intl"): ICU loads the locale's
// calendar and time-zone data. ICU keeps that data for the whole renderer process, every
// thread of it, so the worker loads it on another core while the main thread runs the app's code,
// and the list's first dates (src/console/features/orders-list/order-format.ts) then cost well under
// a millisecond. Nothing here is shown or kept: the formats the console's first screens use, made
// once in the browser's own locale and time zone, then the worker ends.
try {
  var at = new Date(0);
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(at);
} catch {
  // An engine without these: the page makes them itself, as before.
}
postMessage('warm');
