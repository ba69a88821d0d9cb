import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { validCreateBody } from '../../../contract/test-support.ts';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, setToken } from '../../lib/environments.ts';
import { draftKey } from './draft-storage.ts';
import { countCreateRequests, openCreateOrder } from './test-support.ts';

describe('draft', { timeout: 30_000 }, () => {
  test('what was typed comes back after the page is left and opened again', async () => {
    const first = await openCreateOrder();
    await first.user.type(first.input('order_external_id'), 'DRAFT-1');
    await first.user.click(screen.getByRole('button', { name: 'Add item' }));
    await first.user.type(first.input('items.0.name'), 'Teapot');
    await waitFor(() => expect(window.sessionStorage.getItem(draftKey(DEFAULT_ENVIRONMENT_ID))).toContain('Teapot'));
    first.unmount();

    const second = await openCreateOrder();
    expect(second.input('order_external_id')).toHaveValue('DRAFT-1');
    expect(second.input('items.0.name')).toHaveValue('Teapot');
    expect(screen.getByText('Draft restored from this browser tab')).toBeInTheDocument();
  });

  test('leaving within the debounce still keeps the last keystroke', async () => {
    const first = await openCreateOrder();
    await first.user.type(first.input('return_url'), 'https://a.example');
    first.unmount();
    const second = await openCreateOrder();
    expect(second.input('return_url')).toHaveValue('https://a.example');
  });

  test('each environment has its own draft', async () => {
    const first = await openCreateOrder();
    await first.user.type(first.input('order_external_id'), 'LOCAL-ONLY');
    first.unmount();
    environmentStore.save({ id: 'staging', name: 'Staging', baseUrl: '', production: false, sandbox: true, rememberToken: false });
    environmentStore.activate('staging');
    const second = await openCreateOrder();
    expect(second.input('order_external_id')).toHaveValue('');
    expect(window.sessionStorage.getItem(draftKey(DEFAULT_ENVIRONMENT_ID))).toContain('LOCAL-ONLY');
  });

  test('Clear form asks first, then empties the form and removes the draft', async () => {
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await waitFor(() => expect(window.sessionStorage.getItem(draftKey(DEFAULT_ENVIRONMENT_ID))).not.toBeNull());
    const externalId = app.input('order_external_id').value;

    await app.user.click(screen.getByRole('button', { name: 'Clear form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the form?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(app.input('order_external_id')).toHaveValue(externalId);

    await app.user.click(screen.getByRole('button', { name: 'Clear form' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Clear the form?' })).getByRole('button', { name: 'Discard' }));
    expect(app.input('order_external_id')).toHaveValue('');
    expect(app.container.querySelector('[name="items.0.name"]')).toBeNull();
    expect(window.sessionStorage.getItem(draftKey(DEFAULT_ENVIRONMENT_ID))).toBeNull();
  });
});

describe('request preview', { timeout: 30_000 }, () => {
  test('shows the exact body, and curl with the token masked unless asked for', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'secret-token-123');
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await app.user.click(screen.getByRole('button', { name: 'Request preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request preview' });

    const json = within(dialog).getByTestId('request-preview-json').textContent ?? '';
    const body: unknown = JSON.parse(json);
    expect(body).toMatchObject({ order_external_id: app.input('order_external_id').value, return_url: `${window.location.origin}/sandbox/return` });
    expect(body).not.toHaveProperty('payment_identifier');
    expect(json).not.toContain('""');

    const curl = within(dialog).getByTestId('request-preview-curl');
    expect(curl).toHaveTextContent('Authorization: Token ****');
    expect(curl).toHaveTextContent('/psp/v2/order/');
    expect(curl.textContent).not.toContain('secret-token-123');

    await app.user.click(within(dialog).getByRole('button', { name: 'Copy as curl' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('Token ****');
    expect(copied).not.toContain('secret-token-123');
    expect(copied).toContain(`--data-raw '${JSON.stringify(body)}'`);

    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Include token' }));
    expect(curl).toHaveTextContent('Authorization: Token secret-token-123');
  });

  test('the body it shows is the body Create order sends', async () => {
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await app.user.click(screen.getByRole('button', { name: 'Request preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request preview' });
    const shown: unknown = JSON.parse(within(dialog).getByTestId('request-preview-json').textContent ?? '');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(requests.bodies).toHaveLength(1), { timeout: 10_000 });
    expect(requests.bodies[0]).toEqual(shown);
    requests.stop();
  });
});

describe('import JSON', { timeout: 30_000 }, () => {
  async function importText(app: Awaited<ReturnType<typeof openCreateOrder>>, text: string) {
    await app.user.click(screen.getByRole('button', { name: 'Import JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import JSON' });
    await app.user.click(within(dialog).getByRole('textbox', { name: /Request body/ }));
    await app.user.paste(text);
    await app.user.click(within(dialog).getByRole('button', { name: 'Import into the form' }));
    return dialog;
  }

  test('fills the form, numbers back to text, and lists what does not validate', async () => {
    const body = validCreateBody();
    const pasted = {
      ...body,
      order_external_id: 'IMPORTED-1',
      surprise: true,
      items: [{ ...body.items![0]!, quantity: 1.5 }, body.items![1]!],
      transaction_history: [{ ...body.transaction_history![0]!, date: '2026-02-30' }],
    };
    const app = await openCreateOrder();
    await importText(app, JSON.stringify(pasted));

    expect(app.input('order_external_id')).toHaveValue('IMPORTED-1');
    expect(app.input('customer_data.last_name')).toHaveValue('Novák');
    expect(app.input('items.0.quantity')).toHaveValue('1.5');
    expect(app.input('items.1.quantity')).toHaveValue('1');
    expect(app.input('transaction_history.0.mcc')).toHaveValue('5411');
    expect(app.field('items.0.type')).toHaveValue('goods');

    const report = await screen.findByRole('alert', { name: 'JSON imported: 2 fields do not validate' });
    expect(report).toHaveTextContent('items.0.quantity: Must be a whole number');
    expect(report).toHaveTextContent('transaction_history.0.date: Not a real calendar date');
    expect(report).toHaveTextContent('surprise: not a field of the request, ignored');
    await waitFor(() => expect(app.input('items.0.quantity')).toHaveAccessibleDescription(expect.stringContaining('Must be a whole number')));
    expect(app.input('transaction_history.0.date')).toHaveAccessibleDescription(expect.stringContaining('Not a real calendar date'));
  });

  test('a valid body reports that every field is valid', async () => {
    const app = await openCreateOrder();
    await importText(app, JSON.stringify(validCreateBody()));
    expect(await screen.findByRole('alert', { name: 'JSON imported: every field is valid' })).toBeInTheDocument();
    expect(app.input('order_external_id')).toHaveValue('ORD-2026-0001');
  });

  test('every change is reported (a quantity given as text too), and one click undoes the whole import', async () => {
    const body = validCreateBody();
    const app = await openCreateOrder();
    await app.user.type(app.input('order_external_id'), 'TYPED-BEFORE');
    await app.user.type(app.input('customer_data.email'), 'before@example.test');
    await importText(app, JSON.stringify({ ...body, items: [{ ...body.items![0]!, quantity: '2' }], transaction_history: [{ ...body.transaction_history![0]!, mcc: '5411' }] }));

    const report = await screen.findByTestId('import-report');
    expect(report).toHaveTextContent('items.0.quantity: was the text "2", sent as a number');
    expect(report).toHaveTextContent('transaction_history.0.mcc: was the text "5411", sent as a number');
    expect(app.input('order_external_id')).toHaveValue('ORD-2026-0001');

    await app.user.click(within(report).getByRole('button', { name: 'Undo import' }));
    expect(app.input('order_external_id')).toHaveValue('TYPED-BEFORE');
    expect(app.input('customer_data.email')).toHaveValue('before@example.test');
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });

  test('invalid JSON says so and leaves the form as it was', async () => {
    const app = await openCreateOrder();
    await app.user.type(app.input('order_external_id'), 'KEEP-ME');
    const dialog = await importText(app, '{"order_external_id": "X",');
    expect(within(dialog).getByText(/This is not valid JSON/)).toBeInTheDocument();
    expect(app.input('order_external_id')).toHaveValue('KEEP-ME');
    expect(screen.getByRole('dialog', { name: 'Import JSON' })).toBeInTheDocument();
  });
});
