import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { sandboxPaths } from '../../../contract/paths.ts';
import { ORDER_STATUSES } from '../../../contract/schemas.ts';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { statusLabel } from './status-label.ts';
import { prepareOrderPageTests, readOrder, seedOrder } from './test-support.ts';

prepareOrderPageTests();

async function openMenu(orderId: string) {
  const rendered = renderApp(`/orders/${orderId}`);
  await rendered.user.click(await screen.findByRole('button', { name: 'Simulate' }));
  // By name: the order page also has the lifecycle diagram's "Move this sandbox order to" menu.
  const menu = await screen.findByRole('menu', { name: 'Simulate' });
  return { ...rendered, menu };
}

describe('Simulate menu (sandbox environments)', () => {
  test('lists all nine statuses in words, enables only those reachable from the current one, and says why the others are not', async () => {
    const order = await seedOrder('40.00', 'accepted');
    const { menu } = await openMenu(order.id);

    expect(within(menu).getAllByRole('menuitem')).toHaveLength(ORDER_STATUSES.length);
    // D7: from accepted the sandbox can cancel, activate, fail, or activate and then refund the rest.
    const reachable = ['canceled', 'activated', 'refunded', 'error'];
    for (const status of ORDER_STATUSES) {
      const item = within(menu).getByRole('menuitem', { name: new RegExp(`^${statusLabel(status)} ${status}\\b`) });
      if (reachable.includes(status)) expect(item, status).toBeEnabled();
      else expect(item, status).toBeDisabled();
    }
    expect(within(menu).getByRole('menuitem', { name: /^Data completed data_completed/ })).toHaveTextContent('Not reachable from accepted');
    expect(within(menu).getByRole('menuitem', { name: /^Accepted accepted/ })).toHaveTextContent('The current status');
    expect(within(menu).getByRole('menuitem', { name: /^Refunded refunded/ })).toHaveTextContent('Refunds the rest of the current amount');
  });

  test('from new, a status further along says which it goes through', async () => {
    const order = await seedOrder('40.00', 'new');
    const { menu } = await openMenu(order.id);

    expect(within(menu).getByRole('menuitem', { name: /^Activated activated/ })).toHaveTextContent('Via Data completed → Checking → Accepted');
    expect(within(menu).getByRole('menuitem', { name: /^Data completed data_completed/ })).toBeEnabled();
  });

  test('choosing a status moves the order in the sandbox and on the page', async () => {
    const order = await seedOrder('40.00', 'accepted');
    const { user, menu } = await openMenu(order.id);

    await user.click(within(menu).getByRole('menuitem', { name: /^Activated activated/ }));

    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^activated$/));
    expect(await screen.findByText('The sandbox moved the order to activated.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeEnabled();
    expect((await readOrder(order.id)).status).toBe('activated');
  });

  test('a final status offers no move at all', async () => {
    const order = await seedOrder('40.00', 'rejected');
    const { menu } = await openMenu(order.id);

    for (const item of within(menu).getAllByRole('menuitem')) {
      expect(item).toBeDisabled();
      expect(item).toHaveTextContent(item.textContent.startsWith('Rejected') ? 'The current status' : 'Not reachable from rejected (a final status)');
    }
  });

  test('a 409 from the service is shown with its reason', async () => {
    const order = await seedOrder('40.00', 'accepted');
    server.use(
      http.post(`${CONSOLE_ORIGIN}${sandboxPaths.orderStatus(order.id)}`, () =>
        HttpResponse.json({ detail: 'Cannot move order from canceled to activated.', code: 'invalid_transition' }, { status: 409 }),
      ),
    );
    const { user, menu } = await openMenu(order.id);

    await user.click(within(menu).getByRole('menuitem', { name: /^Activated activated/ }));

    expect(await screen.findByText('Cannot move the order to activated')).toBeInTheDocument();
    expect(screen.getByText('Cannot move order from canceled to activated.')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^accepted$/);
  });

  test('an environment that is not a sandbox has no Simulate menu', async () => {
    environmentStore.save({ id: 'prod', name: 'Production', baseUrl: '', production: true, sandbox: false, rememberToken: false });
    setToken('prod', 'dev-token');
    environmentStore.activate('prod');
    const order = await seedOrder('120.00', 'activated');
    renderApp(`/orders/${order.id}`);

    expect(await screen.findByRole('button', { name: 'Refund' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Simulate' })).not.toBeInTheDocument();
  });
});
