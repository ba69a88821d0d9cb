import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderApp } from '../test/render.tsx';
import { showAuthNotice } from './auth-notice.tsx';

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
