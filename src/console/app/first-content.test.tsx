import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { FIRST_CONTENT_FALLBACK_MS, markFirstContentShown, resetFirstContentForTests, useAfterFirstContent, useFirstContentShown } from './first-content.ts';

// The header's extras (faults indicator, notifications host) come after the page's first
// content has been painted, or after a fallback on pages that never say.

function Header() {
  return <p>{useAfterFirstContent() ? 'extras shown' : 'extras waiting'}</p>;
}

function Page({ ready }: { ready: boolean }) {
  useFirstContentShown(ready);
  return null;
}

beforeEach(() => {
  resetFirstContentForTests();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => vi.useRealTimers());

test('the extras wait while the page is loading, and come once its content is painted', () => {
  const { rerender } = render(
    <>
      <Header />
      <Page ready={false} />
    </>,
  );
  expect(screen.getByText('extras waiting')).toBeInTheDocument();
  act(() => {
    vi.advanceTimersByTime(FIRST_CONTENT_FALLBACK_MS - 100);
  });
  expect(screen.getByText('extras waiting')).toBeInTheDocument();

  rerender(
    <>
      <Header />
      <Page ready />
    </>,
  );
  // Committed, not yet painted: still waiting for the frame.
  expect(screen.getByText('extras waiting')).toBeInTheDocument();
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(screen.getByText('extras shown')).toBeInTheDocument();
});

test('a page that never says still gets the extras after the fallback', () => {
  render(<Header />);
  act(() => {
    vi.advanceTimersByTime(FIRST_CONTENT_FALLBACK_MS - 1);
  });
  expect(screen.getByText('extras waiting')).toBeInTheDocument();
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(screen.getByText('extras shown')).toBeInTheDocument();
});

test('once shown, a page opened later shows the extras at once', () => {
  markFirstContentShown();
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  act(() => {
    vi.advanceTimersByTime(1);
  });
  render(<Header />);
  expect(screen.getByText('extras shown')).toBeInTheDocument();
});
