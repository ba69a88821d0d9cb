import type { Hono } from 'hono';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { formatMoney } from '../contract/money.ts';
import { orderServicePaths } from '../contract/paths.ts';
import { REFUND_STATUS_RULE } from '../contract/rules.ts';
import type { SandboxEnv } from './auth.ts';
import { readJsonObject } from './body.ts';
import { detailError, notFound, validationError } from './errors.ts';
import { generatePaymentIdentifier, orderResponse } from './order-view.ts';
import { byMethod, idPattern, orderIdParam } from './routing.ts';
import type { Store } from './store.ts';
import { validateOrderCreate, validateRefund } from './validation.ts';

// decisions.md D1 and D6: the partner interface.

export function registerOrderRoutes(app: Hono<SandboxEnv>, store: Store, shape: ArrayErrorShape): void {
  const origin = (url: string) => new URL(url).origin;

  app.all(
    orderServicePaths.orderCreate(),
    byMethod({
      POST: async (c) => {
        const body = await readJsonObject(c.req.raw, shape);
        const valid = validateOrderCreate(body, shape);
        if (!valid.ok) throw validationError(valid.errors);
        const { data } = valid;
        const result = await store.createOrder(c.get('owner'), {
          externalId: data.order_external_id,
          service: data.service ?? 'provider-pay',
          paymentIdentifier: data.payment_identifier ?? generatePaymentIdentifier(),
          returnUrl: data.return_url,
          amount: formatMoney(data.order_data.amount),
          request: body,
        });
        if (result.kind === 'duplicate_external_id') {
          throw validationError({ order_external_id: ['An order with this external ID already exists.'] });
        }
        return c.json(orderResponse(result.order, origin(c.req.url)), 201);
      },
    }),
  );

  app.all(
    idPattern(orderServicePaths.orderRead),
    byMethod({
      GET: async (c) => {
        const order = await store.getOrder(c.get('owner'), orderIdParam(c));
        if (order === null) throw notFound();
        return c.json(orderResponse(order, origin(c.req.url)), 200);
      },
    }),
  );

  app.all(
    idPattern(orderServicePaths.orderRefund),
    byMethod({
      POST: async (c) => {
        const id = orderIdParam(c);
        const owner = c.get('owner');
        const body = await readJsonObject(c.req.raw, shape);
        const valid = validateRefund(body, shape);
        if (!valid.ok) {
          // An unknown order is the bigger news than a typo in the body.
          if ((await store.getOrder(owner, id)) === null) throw notFound();
          throw validationError(valid.errors);
        }
        const { data } = valid;
        const result = await store.refundOrder(owner, id, {
          amount: formatMoney(data.amount),
          destinationAccountNumber: data.destination_account_number,
          paymentIdentifier: data.payment_identifier,
          externalId: data.external_id,
        });
        switch (result.kind) {
          case 'refunded':
            return c.json(orderResponse(result.order, origin(c.req.url)), 200);
          case 'not_found':
            throw notFound();
          case 'invalid_status':
            throw detailError(
              409,
              'invalid_status',
              `Order is ${result.status}; ${REFUND_STATUS_RULE.charAt(0).toLowerCase()}${REFUND_STATUS_RULE.slice(1)}.`,
            );
          case 'invalid_amount':
            throw validationError({ amount: [result.message] });
          case 'duplicate_payment_identifier':
            throw validationError({ payment_identifier: ['A refund with this payment identifier already exists for this order.'] });
        }
      },
    }),
  );
}
