import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppRoot } from './app/app-root.tsx';
import { isLeftForTheClient } from './app/hydration.ts';
import { AppRoutes } from './app/router.tsx';
import { PRERENDERED_PATH, renderOrdersFrame } from './prerender.tsx';

// The build puts renderOrdersFrame()'s HTML into index.html and main.tsx hydrates it. React's
// development build (this one) reports every mismatch, attributes included, which a production
// build would silently leave wrong in the page.

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the pre-rendered orders page', { timeout: 30_000 }, () => {
  test('is the shell and the orders frame, with the list left for the browser', () => {
    const html = renderOrdersFrame();
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h2')?.textContent).toBe('Orders');
    expect(page.textContent).toContain('Find an order and open it to see its details, refund it or follow its status.');
    expect(page.querySelector('nav[aria-label="Main"] a[aria-current="page"]')?.textContent).toBe('Orders');
    expect(page.querySelector('[role="status"][aria-label="Loading the orders"]')).not.toBeNull();
    // What depends on this browser is marked, so index.html keeps it invisible until the app runs.
    expect(page.querySelector('[aria-label^="Active environment"]')?.hasAttribute('data-per-browser')).toBe(true);
    expect(page.querySelector('[aria-label^="Switch to"]')?.hasAttribute('data-per-browser')).toBe(true);
    expect(html).not.toMatch(/<script/i);
  });

  test('is adopted by the app without a mismatch: the same nodes stay, and the rest renders', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderOrdersFrame();
    document.body.append(container);
    const heading = container.querySelector('h2');
    window.history.replaceState(null, '', PRERENDERED_PATH);

    const consoleErrors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => consoleErrors.push(args.map(String).join(' ')));
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppRoot>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppRoot>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      await Promise.resolve();
    });

    expect(await screen.findByRole('search', { name: 'Find an order' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(container.querySelector('h2')).toBe(heading);
    expect(screen.getAllByRole('heading', { name: 'Orders' })).toHaveLength(1);
    expect(document.documentElement.getAttribute('data-app')).toBe('running');
    expect(consoleErrors).toEqual([]);
    // No boundary is left for the browser: the notifications' host comes after the first content
    // (app/first-content.ts), in neither the HTML nor the hydrating render. The list's body is no
    // Suspense boundary (loadable.tsx): the HTML has its loader, and the hydrated page swaps it.
    expect(recoverable).toEqual([]);
  });
});

describe('isLeftForTheClient', () => {
  test('accepts the boundaries the build left for the browser, in development and production wording', () => {
    expect(isLeftForTheClient(new Error('The server could not finish this Suspense boundary, likely due to an error during server rendering.'))).toBe(true);
    expect(
      isLeftForTheClient(new Error('Switched to client rendering because the server rendering aborted due to:\n\nThe server used "renderToString" which does not support Suspense.')),
    ).toBe(true);
    expect(isLeftForTheClient(new Error('Minified React error #419; visit https://react.dev/errors/419 for the full message'))).toBe(true);
  });

  test('lets every other hydration error through', () => {
    expect(isLeftForTheClient(new Error('Hydration failed because the server rendered text did not match the client.'))).toBe(false);
    expect(isLeftForTheClient(new Error('Minified React error #418; visit https://react.dev/errors/418 for the full message'))).toBe(false);
    expect(isLeftForTheClient('419')).toBe(false);
  });
});
