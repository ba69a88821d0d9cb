import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { firstScreenReady } from './first-screen-ready.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether the promise has resolved, once pending callbacks have run. */
async function isDone(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

test('ready once the code and the first answer are both in, without waiting out the limit', async () => {
  let code!: () => void;
  let data!: () => void;
  const ready = firstScreenReady([new Promise<void>((r) => (code = r)), new Promise<void>((r) => (data = r))], 300);
  expect(await isDone(ready)).toBe(false);
  code();
  expect(await isDone(ready)).toBe(false);
  data();
  expect(await isDone(ready)).toBe(true);
});

test('a failed part counts as in: the page then shows its error, as before', async () => {
  const ready = firstScreenReady([Promise.resolve(), Promise.reject(new Error('offline'))], 300);
  expect(await isDone(ready)).toBe(true);
});

test('an answer that does not come holds the frame back no longer than the limit', async () => {
  const ready = firstScreenReady([Promise.resolve(), new Promise<void>(() => undefined)], 300);
  await vi.advanceTimersByTimeAsync(299);
  expect(await isDone(ready)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await isDone(ready)).toBe(true);
});
