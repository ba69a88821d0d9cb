import type { Context, Hono } from 'hono';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { formatMoney } from '../contract/money.ts';
import { orderServicePaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import { linkOrigin, publicOrigin } from '../http/host-check.ts';
import type { JsonObject } from '../http/body.ts';
import { readJsonBody, RefusedObjectError } from '../http/body.ts';
import { ApiError, detailError, notFound, validationError } from '../http/errors.ts';
import { errorLine } from './error-line.ts';
import { answerUnderFault } from './fault-effects.ts';
import { generatePaymentIdentifier, orderResponse } from './order-view.ts';
import { DUPLICATE_PAYMENT_IDENTIFIER_MESSAGE, invalidStatusDetail } from './refund-messages.ts';
import { byMethod } from '../http/routing.ts';
import { idPattern, orderIdParam } from './route-params.ts';
import type { CreateResult, NewOrder, RefundResult, Store } from './store.ts';
import { validateOrderCreate, validateRefund } from './validation.ts';

// docs/decisions.md D1 and D6: the partner interface. D13: a fault rule fires on a request that reaches
// its order: authenticated, with a body that passed validation, for an order of the token (refund,
// read). A request refused before that (401, 400 on its body, 404, 413, 415) is answered as usual
// and uses no rule. The store takes the rule in the operation's own statement; answerUnderFault
// turns it into the answer (or no answer).

export function registerOrderRoutes(app: Hono<SandboxEnv>, store: Store, shape: ArrayErrorShape): void {
  app.all(
    orderServicePaths.orderCreate(),
    byMethod<SandboxEnv>({
      POST: async (c) => {
        const { value: body, text } = await readJsonBody(c.req.raw, shape);
        const valid = validateOrderCreate(body, shape);
        if (!valid.ok) throw validationError(valid.errors);
        const { data } = valid;
        const owner = c.get('owner');
        const order: NewOrder = {
          externalId: data.order_external_id,
          service: data.service ?? 'provider-pay',
          paymentIdentifier: data.payment_identifier ?? generatePaymentIdentifier(),
          returnUrl: data.return_url,
          amount: formatMoney(data.order_data.amount),
          requestText: text,
          checkoutOrigin: publicOrigin(c),
        };
        const answer = (result: CreateResult) => {
          if (result.kind === 'created') return c.json(orderResponse(result.order, linkOrigin(c)), 201);
          throw validationError({ order_external_id: ['An order with this external ID already exists.'] });
        };
        return answerUnderFault(c, await store.createOrder(owner, order), (fault) => store.createOrder(owner, order, { applied: fault }), answer);
      },
    }),
  );

  app.all(
    idPattern(orderServicePaths.orderRead),
    byMethod<SandboxEnv>({
      GET: async (c) => {
        const owner = c.get('owner');
        const id = orderIdParam(c);
        return answerUnderFault(
          c,
          await store.readOrder(owner, id),
          () => store.readOrder(owner, id, { takeFault: false }),
          ({ order }) => {
            if (order === null) throw notFound();
            return c.json(orderResponse(order, linkOrigin(c)), 200);
          },
        );
      },
    }),
  );

  app.all(
    idPattern(orderServicePaths.orderRefund),
    byMethod<SandboxEnv>({
      POST: async (c) => {
        const id = orderIdParam(c);
        const owner = c.get('owner');
        const body = await readRefundBody(c, store, shape);
        const valid = validateRefund(body, shape);
        if (!valid.ok) {
          // Recorded in the order's history (D12); an unknown order is the bigger news than a typo.
          const reason = errorLine(valid.errors);
          if (!(await store.recordRefundRefusal(owner, id, { code: 'invalid_body', httpStatus: 400, reason, request: body }))) throw notFound();
          throw validationError(valid.errors);
        }
        const { data } = valid;
        const refund = {
          amount: formatMoney(data.amount),
          destinationAccountNumber: data.destination_account_number,
          paymentIdentifier: data.payment_identifier,
          externalId: data.external_id,
          request: body,
        };
        const answer = (result: RefundResult) => {
          switch (result.kind) {
            case 'refunded':
              return c.json(orderResponse(result.order, linkOrigin(c)), 200);
            case 'not_found':
            case 'fault':
              throw notFound();
            case 'invalid_status':
              throw detailError(409, 'invalid_status', invalidStatusDetail(result.status));
            case 'invalid_amount':
              throw validationError({ amount: [result.message] });
            case 'duplicate_payment_identifier':
              throw validationError({ payment_identifier: [DUPLICATE_PAYMENT_IDENTIFIER_MESSAGE] });
          }
        };
        return answerUnderFault(c, await store.refundOrder(owner, id, refund), (fault) => store.refundOrder(owner, id, refund, { applied: fault }), answer);
      },
    }),
  );
}

/**
 * The refund body, or the error a DRF service answers for it. A body refused before validation
 * (413, 415, malformed JSON, not an object) on an order of the token is in its history too.
 */
async function readRefundBody(c: Context<SandboxEnv>, store: Store, shape: ArrayErrorShape): Promise<JsonObject> {
  try {
    return (await readJsonBody(c.req.raw, shape)).value;
  } catch (error) {
    if (error instanceof ApiError) {
      const request = error instanceof RefusedObjectError ? error.received : null;
      await store.recordRefundRefusal(c.get('owner'), orderIdParam(c), { code: 'invalid_body', httpStatus: error.status, reason: errorLine(error.body), request });
    }
    throw error;
  }
}
