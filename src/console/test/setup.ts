import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { orderIndex } from '../features/orders/order-index.ts';
import { environmentStore } from '../lib/environments.ts';
import { journal } from '../lib/journal.ts';
import { setServerConfigForTests } from '../lib/server-config.ts';
import { server } from './msw-server.ts';

// Mantine reads these browser APIs, which jsdom does not have.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', { writable: true, value: () => undefined });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

// What the tests' sandbox (sandbox-global-setup.ts, which takes the development token) says of itself
// in the page: the built-in environment's token comes from there, never from the console's code.
export const TEST_SANDBOX_CONFIG = { mode: 'sandbox', developmentToken: 'dev-token' } as const;
beforeEach(() => setServerConfigForTests(TEST_SANDBOX_CONFIG));

afterEach(() => {
  cleanup();
  // The notifications store outlives a test's render: a notice left over would take one of the three
  // places (app/notifications-config.ts) in the next test and hold that test's own notice back.
  notifications.clean();
  server.resetHandlers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  environmentStore.reload();
  orderIndex.reset();
  journal.clear();
});

// Most files share one worker (vitest.config.ts, isolate: false): a spy or a stubbed global a file left
// in place would reach the files after it.
afterAll(() => {
  server.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
