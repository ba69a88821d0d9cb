import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderApp } from '../test/render.tsx';
import { showAuthNotice } from './auth-notice.tsx';
import { FIRST_CONTENT_FALLBACK_MS } from './first-content.ts';

test('the host is not in the page until the first notice, which it then shows; it stays for the next', { timeout: 30_000 }, async () => {
  // First in this file: once a notice was shown, the host stays. Its code (transitions, portal, scroll lock) loads with the first notice, not with every page.
  renderApp('/settings');
  await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 10_000 });
  // Past the time the header's extras wait for a page without a first content to say so.
  await new Promise((resolve) => setTimeout(resolve, FIRST_CONTENT_FALLBACK_MS + 500));
  expect(document.querySelector('.console-notices')).toBeNull();

  act(() => {
    notifications.show({ id: 'first', title: 'First notice', message: 'Something happened', autoClose: false });
  });
  expect(await screen.findByText('First notice', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(document.querySelector('.console-notices')).not.toBeNull();
  act(() => notifications.clean());
  await waitFor(() => expect(screen.queryByText('First notice')).not.toBeInTheDocument());
  expect(document.querySelector('.console-notices')).not.toBeNull();
});

test('notifications stack at the bottom right, three at most, the others waiting their turn', { timeout: 30_000 }, async () => {
  renderApp('/settings');
  await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 10_000 });

  act(() => {
    for (const n of [1, 2, 3, 4, 5]) notifications.show({ id: `n${n}`, title: `Notice ${n}`, message: 'Something happened', autoClose: false });
  });

  const first = await screen.findByText('Notice 1', {}, { timeout: 10_000 });
  expect(first.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  expect(screen.getByText('Notice 2')).toBeInTheDocument();
  expect(screen.getByText('Notice 3')).toBeInTheDocument();
  expect(screen.queryByText('Notice 4')).not.toBeInTheDocument();

  act(() => {
    notifications.hide('n1');
  });
  await waitFor(() => expect(screen.getByText('Notice 4')).toBeInTheDocument());
  expect(screen.queryByText('Notice 5')).not.toBeInTheDocument();
  act(() => notifications.clean());
});

test('a rejected token is shown even when three notices are already on screen', { timeout: 30_000 }, async () => {
  renderApp('/settings');
  await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 10_000 });

  act(() => {
    for (const n of [1, 2, 3]) notifications.show({ title: `Notice ${n}`, message: 'Something happened', autoClose: false });
    showAuthNotice(new ApiError({ kind: 'http', method: 'GET', url: '/psp/v2/order/x/', status: 401, detail: 'Invalid token.' }));
  });

  expect(await screen.findByText('Token rejected', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByText('Notice 3')).not.toBeInTheDocument();
});
