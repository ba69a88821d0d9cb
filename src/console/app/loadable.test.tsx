import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { loadable } from './loadable.tsx';
import { RouteErrorBoundary } from './route-error-page.tsx';

// A page's code loads without Suspense, so React does not hold it back after a fallback.

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Waiting = () => <p role="status">Loading the page</p>;

describe('loadable', () => {
  test('shows the fallback, loads once, then the component with its props in the next render', async () => {
    const code = deferred<(props: { name: string }) => React.ReactNode>();
    const load = vi.fn(() => code.promise);
    const Page = loadable(load, Waiting);
    const { rerender } = render(<Page name="first" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page');
    rerender(<Page name="second" />);
    expect(load).toHaveBeenCalledTimes(1);

    await act(() => {
      code.resolve(({ name }) => <h2>Hello {name}</h2>);
      return code.promise;
    });
    expect(screen.getByRole('heading')).toHaveTextContent('Hello second');
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('preload starts the load before anything renders; a later render shows the component at once', async () => {
    const Page = loadable(() => Promise.resolve(() => <h2>Ready</h2>), Waiting);
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading')).toHaveTextContent('Ready');
  });

  test('code that fails to load shows the error page in its place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const code = deferred<() => React.ReactNode>();
    const Page = loadable(() => code.promise, Waiting);
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <RouteErrorBoundary>
            <Page />
          </RouteErrorBoundary>
        </MemoryRouter>
      </MantineProvider>,
    );
    await act(() => {
      code.reject(new Error('Failed to fetch dynamically imported module'));
      return code.promise.catch(() => undefined);
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  test('rendered to HTML (the pre-render), it is the fallback, whatever has loaded', async () => {
    const Page = loadable(() => Promise.resolve(() => <h2>Ready</h2>), Waiting);
    await Page.preload();
    expect(renderToString(<Page />)).toBe('<p role="status">Loading the page</p>');
  });
});
