import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { countCreateRequests, openCreateOrder, uniqueExternalId } from './test-support.ts';

// The form is a role="form" region, not a <form> element (see form-region.tsx): Enter in a text
// input still submits it, as a browser's implicit submission would, and nowhere else.

const ORDER_PATH = /^\/orders\/[0-9a-f-]{36}$/;

describe('Enter in the create form', { timeout: 45_000 }, () => {
  test('is the "New order" form landmark', async () => {
    await openCreateOrder();
    expect(screen.getByRole('form', { name: 'New order' })).toContainElement(screen.getByRole('button', { name: 'Create order' }));
  });

  test('Enter in a text input sends the order once', async () => {
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await app.user.clear(app.input('order_external_id'));
    await app.user.type(app.input('order_external_id'), `${uniqueExternalId('ENTER')}{Enter}`);
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(ORDER_PATH), { timeout: 10_000 });
    expect(requests.count).toBe(1);
    requests.stop();
  });

  test('Enter in an item input submits too, and shows what is wrong instead of sending', async () => {
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Add item' }));
    await app.user.type(app.input('items.0.amount'), '1.234{Enter}');
    await waitFor(() => expect(app.input('order_external_id')).toHaveAttribute('aria-invalid', 'true'));
    // A row's messages show one frame after the change (useShownAfterPaint).
    await waitFor(() => expect(app.input('items.0.amount')).toHaveAttribute('aria-invalid', 'true'));
    expect(requests.count).toBe(0);
    requests.stop();
  });

  test('Enter on a select does not submit', async () => {
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Add item' }));
    app.field('items.0.type').focus();
    await app.user.keyboard('{Enter}');
    expect(app.input('order_external_id')).not.toHaveAttribute('aria-invalid', 'true');
    // The same keys in a text input do submit (and so flag the empty form).
    app.input('items.0.vat').focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.input('order_external_id')).toHaveAttribute('aria-invalid', 'true'));
  });
});
