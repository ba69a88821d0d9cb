import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useShownAfterPaint } from './use-watch-after-paint.ts';

// A row's messages follow a keystroke one frame later. A value that moved again in the
// very render that showed the previous one must still be shown: the CI saw a fixed select stay red.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => vi.useRealTimers());

const nextPaint = () => {
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  act(() => {
    vi.advanceTimersByTime(1);
  });
};

test('the value shows one frame after it changed', () => {
  const { result, rerender } = renderHook(({ value }) => useShownAfterPaint(value, Object.is), { initialProps: { value: 'required' } });
  rerender({ value: 'too many digits' });
  expect(result.current).toBe('required');
  nextPaint();
  expect(result.current).toBe('too many digits');
});

test('a value that moves again in the render that shows the last one is shown too', () => {
  const initialProps: { value: string | undefined } = { value: 'not a valid choice' };
  const { result, rerender } = renderHook(({ value }) => useShownAfterPaint(value, Object.is), { initialProps });
  rerender({ value: 'not a real date' });
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  // The shown value catches up and the value moves (the field fixed) in one batch.
  act(() => {
    vi.advanceTimersByTime(1);
    rerender({ value: undefined });
  });
  nextPaint();
  expect(result.current).toBeUndefined();
});
