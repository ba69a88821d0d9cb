import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { sandboxPaths } from '../../../../contract/paths.ts';
import { environmentStore, setToken } from '../../../lib/environments.ts';
import { CONSOLE_ORIGIN, server } from '../../../test/msw-server.ts';
import { renderApp } from '../../../test/render.tsx';
import { prepareOrderPageTests, readOrder, seedOrder } from '../test-support.ts';

// The lifecycle on the order page, against the real sandbox: the diagram shows the order, and in a
// sandbox a reachable state moves it there after a confirmation.

prepareOrderPageTests();

const lifecycle = async () => within(await screen.findByRole('region', { name: 'Lifecycle' }));

describe('the lifecycle panel', () => {
  test('shows the path from the history and, after a confirmation, moves the order to a reachable state', async () => {
    const order = await seedOrder('40.00', 'checking');
    const { user } = renderApp(`/orders/${order.id}`);
    const panel = await lifecycle();

    const text = await panel.findByTestId('lifecycle-text');
    await waitFor(() => expect(text).toHaveTextContent(/Path: New \(.+\) → Data completed \(.+\) → Checking \(.+\)/));
    expect(text).toHaveTextContent('Reachable from here: Rejected, Accepted, Canceled, Activated, Refunded, Error');
    expect(panel.getByRole('img', { name: /^Checking, current status/ })).toBeInTheDocument();

    await user.click(panel.getByRole('menuitem', { name: /^Move to Accepted/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Move this sandbox order to Accepted?' });
    await user.click(within(dialog).getByRole('button', { name: 'Move to Accepted' }));

    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^accepted$/));
    expect(await screen.findByText('The sandbox moved the order to accepted.')).toBeInTheDocument();
    expect((await readOrder(order.id)).status).toBe('accepted');
    await waitFor(() => expect(panel.getByRole('img', { name: /^Accepted, current status, reached/ })).toBeInTheDocument());
    expect(panel.getByRole('img', { name: /^Rejected, not reachable, final$/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('Cancel in the confirmation moves nothing', async () => {
    const order = await seedOrder('40.00', 'new');
    const { user } = renderApp(`/orders/${order.id}`);
    const panel = await lifecycle();

    await user.click(await panel.findByRole('menuitem', { name: /^Move to Canceled/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Move this sandbox order to Canceled?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await readOrder(order.id)).status).toBe('new');
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^new$/);
  });

  test('a refused move says why, as the Simulate menu does, and the order stays', async () => {
    const order = await seedOrder('40.00', 'accepted');
    server.use(
      http.post(`${CONSOLE_ORIGIN}${sandboxPaths.orderStatus(order.id)}`, () =>
        HttpResponse.json({ detail: 'Cannot move order from canceled to activated.', code: 'invalid_transition' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(`/orders/${order.id}`);
    const panel = await lifecycle();

    await user.click(await panel.findByRole('menuitem', { name: /^Move to Activated/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move to Activated' }));

    expect(await screen.findByText('Cannot move the order to activated')).toBeInTheDocument();
    expect(screen.getByText('Cannot move order from canceled to activated.')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^accepted$/);
  });

  test('outside a sandbox the diagram only shows: no state is a button, and no history is asked for', async () => {
    environmentStore.save({ id: 'prod', name: 'Production', baseUrl: '', production: true, sandbox: false, rememberToken: false });
    setToken('prod', 'dev-token');
    environmentStore.activate('prod');
    const order = await seedOrder('120.00', 'activated');
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    renderApp(`/orders/${order.id}`);
    const panel = await lifecycle();

    expect(await panel.findByRole('img', { name: /^Activated, current status$/ })).toBeInTheDocument();
    expect(panel.queryAllByRole('menuitem')).toHaveLength(0);
    // The moves are the sandbox's model (D7), not this service's, and the panel says so.
    expect(panel.getByTestId('lifecycle-text')).toHaveTextContent("Reachable from here in the sandbox's model: Refunded, Error");
    expect(panel.getByTestId('lifecycle-text')).toHaveTextContent('Path: not known: this service keeps no history the console can read; it says the order is now Activated.');
    expect(panel.getByTestId('lifecycle-description')).toHaveTextContent("The sandbox's model of the moves between states (decision D7), not this service's");
    expect(panel.getByTestId('lifecycle-text')).not.toHaveTextContent('kept by the sandbox');
    expect(asked).not.toContain(sandboxPaths.orderEvents(order.id));
    server.events.removeAllListeners();
  });
});
