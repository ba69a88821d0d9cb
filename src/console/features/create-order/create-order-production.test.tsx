import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { orderIndex } from '../orders/order-index.ts';
import { receiveOrder } from '../orders/order-record.ts';
import { seedSandboxOrder } from '../orders-list/test-support.ts';
import { draftKey } from './draft-storage.ts';
import { sampleFormValues } from './sample-data.ts';
import { countCreateRequests, openCreateOrder, uniqueExternalId } from './test-support.ts';

// In an environment marked production, no sample data and a confirmation that names the
// environment and the amount; and a duplicate order_external_id links to the order that has it.

function useEnvironment(id: string, options: { production: boolean; sandbox: boolean }, draftAmount?: string) {
  environmentStore.save({ id, name: id === 'prod' ? 'Production EU' : 'Staging', baseUrl: '', rememberToken: false, ...options });
  setToken(id, 'dev-token');
  environmentStore.activate(id);
  const values = sampleFormValues();
  if (draftAmount !== undefined) values.order_data.amount = draftAmount;
  values.order_external_id = uniqueExternalId('PROD');
  window.sessionStorage.setItem(draftKey(id), JSON.stringify(values));
  return values;
}

describe('production environment', { timeout: 45_000 }, () => {
  test('offers no sample data', async () => {
    useEnvironment('prod', { production: true, sandbox: false });
    const { user } = await openCreateOrder();
    expect(screen.getByRole('button', { name: 'Import JSON' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fill with sample data' })).toBeNull();
    // The phone's menu. jsdom (31) applies Mantine's media queries to a 1024 px window, so that button
    // is display:none here and has no accessible name; found by its label, it still opens the menu.
    await user.click(screen.getByLabelText('More form actions'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Import JSON' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Fill with sample data' })).toBeNull();
  });

  test('Create order asks first, naming the environment and the amount; Keep editing sends nothing', async () => {
    const requests = countCreateRequests();
    const values = useEnvironment('prod', { production: true, sandbox: false }, '1234.5');
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create a real order on Production EU?' });
    expect(within(dialog).getByTestId('confirm-amount')).toHaveTextContent(/^1234\.50$/);
    expect(dialog).toHaveTextContent(values.order_external_id);
    expect(requests.count).toBe(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.count).toBe(0);

    await app.user.click(screen.getByRole('button', { name: 'Create order' }));
    const again = await screen.findByRole('dialog', { name: 'Create a real order on Production EU?' });
    await app.user.click(within(again).getByRole('button', { name: 'Create order on Production EU' }));
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/^\/orders\/[0-9a-f-]{36}$/), { timeout: 10_000 });
    expect(requests.count).toBe(1);
    requests.stop();
  });

  test('an invalid form shows its errors and asks nothing', async () => {
    useEnvironment('prod', { production: true, sandbox: false }, '0');
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(app.input('order_data.amount')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a sandbox environment creates without asking', async () => {
    const requests = countCreateRequests();
    useEnvironment('staging', { production: false, sandbox: true });
    const app = await openCreateOrder();
    expect(screen.getByRole('button', { name: 'Fill with sample data' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(requests.count).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    requests.stop();
  });
});

describe('a duplicate order_external_id links to the order that has it', { timeout: 45_000 }, () => {
  async function submitDuplicate(externalId: string) {
    const app = await openCreateOrder();
    await app.user.clear(app.input('order_external_id'));
    await app.user.type(app.input('order_external_id'), externalId);
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(app.input('order_external_id')).toHaveAccessibleDescription(expect.stringContaining('already exists')));
    return app;
  }

  test('in the sandbox, found through its list', async () => {
    const existing = await seedSandboxOrder(uniqueExternalId('DUP'), '10.00');
    useEnvironment('staging', { production: false, sandbox: true });
    const app = await submitDuplicate(existing.external_id);
    const link = await screen.findByRole('link', { name: 'Open the existing order with this external ID' });
    expect(link).toHaveAttribute('href', `/orders/${existing.id}`);

    // Another id, and the link goes: it was about that one.
    await app.user.type(app.input('order_external_id'), '-2');
    expect(screen.queryByRole('link', { name: 'Open the existing order with this external ID' })).toBeNull();
  });

  test('elsewhere, found among the orders this browser has seen', async () => {
    const existing = await seedSandboxOrder(uniqueExternalId('DUP'), '10.00');
    useEnvironment('staging', { production: false, sandbox: false });
    orderIndex.remember('staging', receiveOrder(existing));
    await submitDuplicate(existing.external_id);
    expect(await screen.findByRole('link', { name: 'Open the existing order with this external ID' })).toHaveAttribute('href', `/orders/${existing.id}`);
  });

  test('elsewhere, unknown to this browser: the error alone', async () => {
    const existing = await seedSandboxOrder(uniqueExternalId('DUP'), '10.00');
    useEnvironment('staging', { production: false, sandbox: false });
    await submitDuplicate(existing.external_id);
    expect(screen.queryByRole('link', { name: 'Open the existing order with this external ID' })).toBeNull();
  });
});
