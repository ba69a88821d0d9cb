import { screen, waitFor, within } from '@testing-library/react';
import { bypass, delay, http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import listShape from '../../../contract/fixtures/drf-3.14-create-400.json?raw';
import indexShape from '../../../contract/fixtures/drf-3.18-create-400-index-shape.json?raw';
import { orderCreateRequestSchema } from '../../../contract/schemas.ts';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, setToken } from '../../lib/environments.ts';
import { SANDBOX_URL, server } from '../../test/msw-server.ts';
import { draftKey } from './draft-storage.ts';
import { countCreateRequests, CREATE_URL, nextFrame, openCreateOrder, sandboxOrdersWithExternalId, uniqueExternalId } from './test-support.ts';

const ORDER_PATH = /^\/orders\/[0-9a-f-]{36}$/;
const UNKNOWN = 'Outcome unknown: the order may or may not have been created';

async function fillSample(app: Awaited<ReturnType<typeof openCreateOrder>>, externalId = uniqueExternalId('SUB')) {
  await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
  await app.user.clear(app.input('order_external_id'));
  await app.user.type(app.input('order_external_id'), externalId);
  return externalId;
}

const createButton = () => screen.getByRole('button', { name: 'Create order' });

describe('creating an order in the real sandbox', { timeout: 45_000 }, () => {
  test('sample data in two clicks: one request with the Token header, then the order page and a notice naming the external id', async () => {
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    const externalId = app.input('order_external_id').value;
    await app.user.click(createButton());

    await waitFor(() => expect(app.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
    expect(await screen.findByText(`Order ${externalId} was created.`)).toBeInTheDocument();
    expect(requests.count).toBe(1);
    expect(requests.headers[0]?.get('authorization')).toBe('Token dev-token');
    await waitFor(() => expect(requests.bodies).toHaveLength(1));
    const sent = orderCreateRequestSchema.safeParse(requests.bodies[0]);
    expect(sent.success).toBe(true);
    // Left empty in the sample, so the service generates it (D5): not sent as "".
    expect(requests.bodies[0]).not.toHaveProperty('payment_identifier');

    const created = await sandboxOrdersWithExternalId(externalId);
    expect(created).toHaveLength(1);
    expect(app.router.state.location.pathname).toBe(`/orders/${created[0]?.id}`);
    expect(window.sessionStorage.getItem(draftKey(DEFAULT_ENVIRONMENT_ID))).toBeNull();
    requests.stop();
  });

  test('a customer member over the sandbox limit comes back as an error on that input', async () => {
    const app = await openCreateOrder();
    await fillSample(app);
    await app.user.clear(app.input('customer_data.city'));
    await app.user.click(app.input('customer_data.city'));
    await app.user.paste('c'.repeat(256));
    await app.user.click(createButton());

    await waitFor(() => expect(app.input('customer_data.city')).toHaveAccessibleDescription(expect.stringContaining('At most 255 characters')));
    expect(app.input('customer_data.city')).toHaveFocus();
    expect(app.router.state.location.pathname).toBe('/orders/new');
  });

  test('a duplicate order_external_id is refused by the sandbox and shown on that field', async () => {
    const externalId = uniqueExternalId('DUP');
    const first = await openCreateOrder();
    await fillSample(first, externalId);
    await first.user.click(createButton());
    await waitFor(() => expect(first.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
    first.unmount();

    const second = await openCreateOrder();
    await fillSample(second, externalId);
    await second.user.click(createButton());
    await waitFor(() =>
      expect(second.input('order_external_id')).toHaveAccessibleDescription(expect.stringContaining('An order with this external ID already exists.')),
    );
    expect(second.router.state.location.pathname).toBe('/orders/new');
    expect(await sandboxOrdersWithExternalId(externalId)).toHaveLength(1);
  });

  test('a double click sends one request', async () => {
    // A slow answer keeps the first request open while the second click lands.
    server.use(http.post(CREATE_URL, async () => void (await delay(300))));
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    const externalId = await fillSample(app);
    await app.user.dblClick(createButton());
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
    expect(requests.count).toBe(1);
    expect(await sandboxOrdersWithExternalId(externalId)).toHaveLength(1);
    requests.stop();
  });

  test('the button shows progress and is disabled while the request is out', async () => {
    server.use(http.post(CREATE_URL, async () => void (await delay(500))));
    const app = await openCreateOrder();
    await fillSample(app);
    await app.user.click(createButton());
    await waitFor(() => expect(createButton()).toBeDisabled());
    expect(createButton()).toHaveAttribute('data-loading', 'true');
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
  });
});

describe('service errors on the form', { timeout: 45_000 }, () => {
  test.each([
    ['DRF 3.14 list shape', listShape],
    ['DRF 3.18 index shape', indexShape],
  ])('%s: every error lands on its input', async (_shape, body) => {
    server.use(http.post(CREATE_URL, () => new HttpResponse(body, { status: 400, headers: { 'Content-Type': 'application/json' } })));
    const app = await openCreateOrder();
    await fillSample(app);
    await app.user.click(createButton());

    const expectError = async (name: string, message: string) =>
      waitFor(() => expect(app.field(name)).toHaveAccessibleDescription(expect.stringContaining(message)));
    await expectError('items.1.name', 'This field may not be blank.');
    await expectError('items.1.quantity', 'Ensure this value is greater than or equal to 1.');
    await expectError('items.1.amount', 'A valid number is required.');
    await expectError('items.1.type', '"gadget" is not a valid choice.');
    await expectError('transaction_history.0.date', 'Date has wrong format.');
    await expectError('transaction_history.0.is_canceled', 'Must be a valid boolean.');
    await expectError('transaction_history.0.payment_type', '"cash" is not a valid choice.');
    await expectError('order_external_id', 'Ensure this field has no more than 36 characters.');
    await expectError('return_url', 'Enter a valid URL.');
    await expectError('order_data.amount', 'Ensure that there are no more than 10 digits in total.');
    await expectError('customer_data.email', 'Enter a valid email address.');
    // Item 1 (index 0) was fine in the answer, and stays so.
    await nextFrame();
    expect(app.field('items.0.name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(app.input('order_external_id')).toHaveFocus();
    // Everything typed is still there.
    expect(app.input('items.1.name')).toHaveValue('Coffee beans 1 kg');
  });

  test('errors that name no input go to a red alert above the form', async () => {
    server.use(
      http.post(CREATE_URL, () =>
        HttpResponse.json({ non_field_errors: ['Orders are closed today.'], items: { '7': { name: ['No such row.'] } } }, { status: 400 }),
      ),
    );
    const app = await openCreateOrder();
    await fillSample(app);
    await app.user.click(createButton());
    const alert = await screen.findByRole('alert', { name: 'The service rejected the order' });
    expect(within(alert).getByText('Orders are closed today.')).toBeInTheDocument();
    expect(within(alert).getByText('items.7.name: No such row.')).toBeInTheDocument();
  });

  test('401: the global notice appears and the form keeps everything', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'wrong-token');
    const app = await openCreateOrder();
    const externalId = await fillSample(app);
    await app.user.click(createButton());
    expect(await screen.findByText('Token rejected')).toBeInTheDocument();
    expect(app.input('order_external_id')).toHaveValue(externalId);
    expect(app.router.state.location.pathname).toBe('/orders/new');
  });
});

describe('when the outcome is unknown', { timeout: 45_000 }, () => {
  test('network error, then Retry: the sandbox has no such order, so the same body is sent once more', async () => {
    server.use(http.post(CREATE_URL, () => HttpResponse.error(), { once: true }));
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    const externalId = await fillSample(app);
    await app.user.click(createButton());

    const alert = await screen.findByRole('alert', { name: UNKNOWN });
    expect(app.input('order_external_id')).toHaveValue(externalId);
    // Edits after the failure do not change what Retry sends: the request that got no answer.
    await app.user.type(app.input('customer_data.first_name'), 'X');

    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
    expect(requests.count).toBe(2);
    await waitFor(() => expect(requests.bodies).toHaveLength(2));
    expect(requests.bodies[1]).toEqual(requests.bodies[0]);
    expect(await sandboxOrdersWithExternalId(externalId)).toHaveLength(1);
    requests.stop();
  });

  test('answer lost after the order was created: Retry finds it and offers to open it instead of sending again', async () => {
    // As in Chromium, where scrollIntoView returns a promise (an effect must not hand it to React as a cleanup).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the DOM types say void; Chromium returns a promise.
    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => Promise.resolve());
    server.use(
      http.post(
        CREATE_URL,
        async ({ request }) => {
          await fetch(bypass(new Request(new URL('/psp/v2/order/', SANDBOX_URL), { method: 'POST', headers: request.headers, body: await request.text() })));
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    const externalId = await fillSample(app);
    await app.user.click(createButton());
    await app.user.click(within(await screen.findByRole('alert', { name: UNKNOWN })).getByRole('button', { name: 'Retry' }));

    const found = await screen.findByRole('alert', { name: 'The order was created after all' });
    const created = await sandboxOrdersWithExternalId(externalId);
    expect(created).toHaveLength(1);
    expect(requests.count).toBe(1);
    await app.user.click(within(found).getByRole('button', { name: `Open order ${externalId}` }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/orders/${created[0]?.id}`));
    expect(scrollIntoView).toHaveBeenCalled();
    requests.stop();
    scrollIntoView.mockRestore();
  });

  test('Create order pressed again instead of Retry is checked the same way: no second order', async () => {
    server.use(
      http.post(
        CREATE_URL,
        async ({ request }) => {
          await fetch(bypass(new Request(new URL('/psp/v2/order/', SANDBOX_URL), { method: 'POST', headers: request.headers, body: await request.text() })));
          return new HttpResponse('upstream timed out', { status: 504 });
        },
        { once: true },
      ),
    );
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    const externalId = await fillSample(app);
    await app.user.click(createButton());
    await screen.findByRole('alert', { name: UNKNOWN });
    await app.user.click(createButton());

    expect(await screen.findByRole('alert', { name: 'The order was created after all' })).toBeInTheDocument();
    expect(requests.count).toBe(1);
    expect(await sandboxOrdersWithExternalId(externalId)).toHaveLength(1);
    requests.stop();
  });

  test('a 502 is an unknown outcome too', async () => {
    server.use(http.post(CREATE_URL, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }), { once: true }));
    const app = await openCreateOrder();
    await fillSample(app);
    await app.user.click(createButton());
    expect(await screen.findByRole('alert', { name: UNKNOWN })).toHaveTextContent('HTTP 502');
  });

  test('not a sandbox: Retry sends again without asking the sandbox list', async () => {
    environmentStore.save({ id: 'plain', name: 'Plain service', baseUrl: '', production: false, sandbox: false, rememberToken: false });
    setToken('plain', 'dev-token');
    environmentStore.activate('plain');
    let listCalls = 0;
    const countListCalls = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/sandbox/orders') listCalls += 1;
    };
    server.events.on('request:start', countListCalls);
    server.use(http.post(CREATE_URL, () => HttpResponse.error(), { once: true }));
    const app = await openCreateOrder();
    const externalId = await fillSample(app);
    await app.user.click(createButton());
    const alert = await screen.findByRole('alert', { name: UNKNOWN });
    expect(alert).toHaveTextContent(/refuses it as a duplicate external id/);
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
    expect(listCalls).toBe(0);
    expect(await sandboxOrdersWithExternalId(externalId)).toHaveLength(1);
    server.events.removeListener('request:start', countListCalls);
  });
});
