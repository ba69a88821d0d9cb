import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ORDER_STATUSES } from '../../../contract/schemas.ts';
import { server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { answerOrderWith, orderBody, prepareOrderPageTests, seedOrder } from './test-support.ts';

prepareOrderPageTests();

describe('refund button', () => {
  test.each(ORDER_STATUSES)('for an order that is %s', async (status) => {
    const order = await seedOrder('80.00', status);
    renderApp(`/orders/${order.id}`);

    expect(await screen.findByTestId('order-status')).toHaveTextContent(new RegExp(`^${status}$`));
    const button = screen.getByRole('button', { name: 'Refund' });
    const reason = `Refunds are possible only for activated orders (this order is ${status})`;
    if (status === 'activated') {
      expect(button).toBeEnabled();
      expect(screen.queryByText(/Refunds are possible only/)).not.toBeInTheDocument();
    } else {
      expect(button).toBeDisabled();
      expect(screen.getByText(reason)).toBeVisible();
      expect(button).toHaveAccessibleDescription(reason);
    }
  });

  test('hovering the disabled button shows the rule in a tooltip', async () => {
    const order = await seedOrder('80.00', 'checking');
    const { user } = renderApp(`/orders/${order.id}`);
    await screen.findByRole('button', { name: 'Refund' });

    // The tooltips come with the order's later parts, once its heading is painted (after-heading.tsx),
    // and wrap the button then: hovered again (the button's wrapper as it is now), it shows the rule.
    await waitFor(
      async () => {
        const wrapper = screen.getByRole('button', { name: 'Refund' }).parentElement;
        expect(wrapper).not.toBeNull();
        await user.unhover(wrapper as HTMLElement);
        await user.hover(wrapper as HTMLElement);
        expect(screen.getByRole('tooltip')).toHaveTextContent('Refunds are possible only for activated orders (this order is checking)');
      },
      { timeout: 4_000 },
    );
  });

  test('an order whose status is not a documented one cannot be refunded', async () => {
    const body = orderBody({ status: 'paid' });
    server.use(answerOrderWith(body.id, body));
    renderApp(`/orders/${body.id}`);

    expect(await screen.findByRole('button', { name: 'Refund' })).toBeDisabled();
    expect(screen.getByText(/this order's status "paid" is not a documented one/)).toBeVisible();
  });
});
