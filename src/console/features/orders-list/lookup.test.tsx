import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DEFAULT_ENVIRONMENT_ID } from '../../lib/environments.ts';
import { renderRoute } from '../../test/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { generatedRecord, seedSandboxOrder, uniquePrefix, writeLocalIndex } from './test-support.ts';
import { singleMatch } from './use-order-lookup.ts';

// One lookup box on /orders for an order id or an external id. Enter (or Open) opens a
// UUID directly and a single match; otherwise it says what it found.

function renderPage(route = '/orders') {
  return renderRoute(<OrdersPage />, {
    path: '/orders',
    route,
    extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }],
  });
}

const box = () => screen.findByRole('searchbox', { name: 'Order id or external id' }, { timeout: 10_000 });

describe('the lookup box', { timeout: 30_000 }, () => {
  test('a pasted UUID opens that order at once, even one no list holds; spaces and capitals do not matter', async () => {
    const { user, router } = renderPage('/orders?source=local');
    await user.click(await box());
    await user.paste('  6F1C1C8E-8A7C-4A54-9F7E-0B6C1F9A2D3E \n');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Order detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e');
  });

  test('the Open button does what Enter does', async () => {
    const { user, router } = renderPage('/orders?source=local');
    await user.click(await box());
    await user.paste('6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByText('Order detail');
    expect(router.state.location.pathname).toBe('/orders/6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e');
  });

  test('in the sandbox list, Enter opens the single order that matches part of an external id', async () => {
    const prefix = uniquePrefix('LOOK');
    const order = await seedSandboxOrder(`${prefix}-only`, '10.00');
    const { user, router } = renderPage();
    await user.click(await box());
    await user.paste(`${prefix}-on`);
    await user.keyboard('{Enter}');
    await screen.findByText('Order detail');
    expect(router.state.location.pathname).toBe(`/orders/${order.id}`);
  });

  test('several matches: Enter says how many and stays, unless one external id is exactly what was typed', async () => {
    const prefix = uniquePrefix('MANY');
    const exact = await seedSandboxOrder(`${prefix}-1`, '10.00');
    await seedSandboxOrder(`${prefix}-10`, '10.00');
    await seedSandboxOrder(`${prefix}-11`, '10.00');
    const { user, router } = renderPage();
    const input = await box();
    await user.click(input);
    await user.paste(prefix);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`3 orders match “${prefix}”: choose one below.`)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(`3 orders match “${prefix}”: choose one below.`);
    expect(router.state.location.pathname).toBe('/orders');
    // The list below shows the three.
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));

    await user.paste('-1');
    await user.keyboard('{Enter}');
    await screen.findByText('Order detail');
    expect(router.state.location.pathname).toBe(`/orders/${exact.id}`);
  });

  test('nothing matches: Enter says so', async () => {
    const { user } = renderPage();
    await user.click(await box());
    await user.paste(`nothing-${crypto.randomUUID()}`);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^No order matches “nothing-/)).toBeInTheDocument();
  });

  test("a 10,000-character search: the sandbox's own limit is said once, not a generic rejection twice", async () => {
    const { user } = renderPage();
    await user.click(await box());
    await user.paste('x'.repeat(10_000));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/At most 255 characters/)).toBeInTheDocument();
    expect(screen.getAllByText(/At most 255 characters/)).toHaveLength(1);
    expect(screen.queryByText(/some fields were rejected/)).not.toBeInTheDocument();
  });

  test('empty: Enter asks for an id', async () => {
    const { user } = renderPage('/orders?source=local');
    await user.click(await box());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Type or paste an order id or an external id first.')).toBeInTheDocument();
  });

  test('in the orders opened in this browser, with the status filter on', async () => {
    writeLocalIndex(DEFAULT_ENVIRONMENT_ID, [
      generatedRecord(1, { external_id: 'SHOP-A-1', status: 'activated' }),
      generatedRecord(2, { external_id: 'SHOP-A-2', status: 'new' }),
    ]);
    const { user, router } = renderPage('/orders?source=local&status=new');
    await user.click(await box());
    await user.paste('shop-a');
    await user.keyboard('{Enter}');
    await screen.findByText('Order detail');
    expect(router.state.location.pathname).toBe('/orders/00000000-0000-4000-8000-000000000002');
  });
});

describe('singleMatch', () => {
  const a = { id: 'a', external_id: 'ORD-1' };
  const b = { id: 'b', external_id: 'ORD-10' };
  test.each([
    [[a, b], 'ORD-1', true, a],
    [[a, b], 'ORD-1', false, a],
    [[b], 'ORD', true, b],
    [[b], 'ORD', false, null],
    [[a, b], 'ORD', true, null],
    [[], 'ORD', true, null],
  ])('%j, %j (complete: %j) -> %j', (matches, text, complete, expected) => {
    expect(singleMatch(matches, text, complete)).toEqual(expected);
  });
});
