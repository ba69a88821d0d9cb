import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { CREATE_URL, openCreateOrder } from '../features/create-order/test-support.ts';
import { answerOrderWith, orderBody, prepareOrderPageTests } from '../features/order-detail/test-support.ts';
import { seedSandboxOrder } from '../features/orders-list/test-support.ts';
import { server } from '../test/msw-server.ts';
import { renderApp } from '../test/render.tsx';

// Strings from the service are the partner's data, not markup: an external id, a status or
// an error message holding HTML is shown as those characters, nothing in it runs or loads. React
// escapes text; these tests make sure nobody routes such a string around that.

prepareOrderPageTests();

const hostile = (marker: string) => `<img src=x onerror="window.${marker}=1">`;
const PWNED = 'pwnedByOrderConsoleTest';

afterEach(() => {
  expect(Reflect.get(window, PWNED)).toBeUndefined();
});

function expectNoInjectedMarkup(container: HTMLElement) {
  expect(container.querySelector('img[src="x"], img[onerror], script:not([src]), iframe')).toBeNull();
  expect([...container.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on')))).toBe(false);
}

describe('hostile strings from the service are shown as text', () => {
  test('order page: external id and an undocumented status, with the D9 notice', async () => {
    const id = '0b6c1f9a-2d3e-4a54-9f7e-6f1c1c8e8a7c';
    const externalId = hostile(PWNED);
    const status = `<script>window.${PWNED}=1</script>`;
    server.use(answerOrderWith(id, orderBody({ id, external_id: externalId, status: 'new' })));
    const page = renderApp(`/orders/${id}`);
    expect((await screen.findAllByText(new RegExp(escapeRegExp(externalId)))).length).toBeGreaterThan(0);
    expectNoInjectedMarkup(page.container);
    page.unmount();

    server.use(answerOrderWith(id, { ...orderBody({ id }), status }));
    const second = renderApp(`/orders/${id}`);
    expect(await screen.findByTestId('order-status')).toHaveTextContent(status);
    expectNoInjectedMarkup(second.container);
  });

  test('sandbox orders list: an external id made of markup', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const externalId = `<img src=x onerror=${tag}>`;
    await seedSandboxOrder(externalId, '10.00');
    const page = renderApp(`/orders?q=${tag}`);
    const table = await screen.findByRole('table', { name: 'All sandbox orders' }, { timeout: 10_000 });
    expect(await within(table).findByText(externalId)).toBeInTheDocument();
    expectNoInjectedMarkup(page.container);
  });

  test('create form: error messages holding markup', async () => {
    const message = `<b>closed</b><img src=x onerror="window.${PWNED}=1">`;
    server.use(http.post(CREATE_URL, () => HttpResponse.json({ non_field_errors: [message], order_external_id: [message] }, { status: 400 })));
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));
    const alert = await screen.findByRole('alert', { name: 'The service rejected the order' });
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(app.input('order_external_id')).toHaveAccessibleDescription(expect.stringContaining(message));
    expectNoInjectedMarkup(app.container);
  });
});

describe('the console source', () => {
  // Every source file of the console as text (Vite reads them at transform time), tests left out.
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

  test('never writes HTML from a string or evaluates code', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const offenders = Object.entries(sources)
      .filter(([, text]) => /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(/.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
