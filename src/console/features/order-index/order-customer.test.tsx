import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import type { IndexedOrder } from '../../../contract/order-index.ts';
import type { Permission } from '../../../contract/permissions.ts';
import { getActiveEnvironment } from '../../lib/environments.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { OrderCustomerSection } from './order-customer-section.tsx';

// Team mode: the order page's Customer panel, from the team order index, for a role that may see
// personal data, with the way to all of that customer's orders; nothing at all for one that may not.

const ORDER = '3b241101-e2bb-4255-8caf-4136c566a962';
const record: IndexedOrder = {
  environment: 'sandbox',
  order_id: ORDER,
  external_id: 'IDX-7',
  status: 'activated',
  service: 'provider-pay',
  initial_amount: '120.50',
  current_amount: '100.00',
  refund_amount: '20.50',
  created_at: '2026-11-20T10:00:00.000000Z',
  first_seen_at: '2026-11-20T10:00:00.000000Z',
  last_seen_at: '2026-11-20T10:00:00.000000Z',
  first_source: 'service_create',
  source: 'refresh',
  not_found_at: null,
  customer_visible: true,
  customer: { email: 'karel@example.com', first_name: 'Karel', last_name: 'Svoboda', phone_number: '+420 602 111 222' },
};

function asRole(role: string, permissions: Permission[]) {
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: { email: 'someone@example.com', grants: [role], environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role, permissions }] },
  });
}

afterEach(() => setServerConfigForTests(null));

const orderRecord = { id: ORDER, external_id: 'IDX-7', redirect_url: '', initial_amount: '120.50', current_amount: '100.00', refund_amount: '20.50', date_settled: '', status: 'activated', service: 'provider-pay' };

test('an agent sees the customer the index holds and a link to all of their orders', async () => {
  asRole('agent', ['read:order', 'create:order', 'request:refund', 'read:customer']);
  let asked = '';
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/env/sandbox/order-index`, ({ request }) => {
      asked = new URL(request.url).searchParams.get('ids') ?? '';
      return HttpResponse.json({ results: [record] });
    }),
  );
  renderRoute(<OrderCustomerSection environment={getActiveEnvironment()} record={orderRecord} orderUpdatedAt={0} />);
  const panel = await screen.findByRole('region', { name: 'Customer' });
  expect(asked).toBe(ORDER);
  expect(within(panel).getByText('Karel Svoboda')).toBeVisible();
  expect(within(panel).getByText('+420 602 111 222')).toBeVisible();
  const link = within(panel).getByRole('link', { name: 'All orders of this customer' });
  expect(link).toHaveAttribute('href', '/orders?q=email%3Akarel%40example.com&env=sandbox');
});

test('a viewer sees no customer panel, and the index is not asked', async () => {
  asRole('viewer', ['read:order']);
  let asked = false;
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/env/sandbox/order-index`, () => {
      asked = true;
      return HttpResponse.json({ results: [{ ...record, customer_visible: false, customer: null }] });
    }),
  );
  const { container } = renderRoute(<OrderCustomerSection environment={getActiveEnvironment()} record={orderRecord} orderUpdatedAt={0} />);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByRole('region', { name: 'Customer' })).toBeNull();
  expect(container.querySelector('section')).toBeNull();
  expect(screen.queryByText('Karel Svoboda')).toBeNull();
  expect(asked).toBe(false);
});
