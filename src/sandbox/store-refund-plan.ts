import { addMoney, compareMoney, formatMoney, subtractMoney } from '../contract/money.ts';
import { refundAmountProblem } from '../contract/rules.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import { DUPLICATE_PAYMENT_IDENTIFIER_MESSAGE, invalidStatusDetail } from './refund-messages.ts';
import type { NewRefund, RefundResult } from './store-changes.ts';
import type { NewEvent, RefundRefusal } from './store-events.ts';
import { refusalEvent, statusChangedEvents } from './store-events.ts';
import type { AppliedFault } from './store-faults.ts';
import { faultEventData } from './store-faults.ts';
import type { OrderRow } from './store-schema.ts';

// D6 refunds of one group (store-refund-group.ts), decided one after another in arrival order on
// the orders as the group's transaction locked them: each refund sees the amounts the refunds before
// it in the group left, exactly as if they had come one at a time. This file only decides; the
// group's one write statement then stores what it decided (refund rows, the orders' new amounts,
// the events, the rule uses), in the same transaction, under the same locks.

export interface RefundRequest {
  owner: string;
  id: string;
  refund: NewRefund;
  /** The rule a delayed refund already took: it takes no other. */
  applied: AppliedFault | null;
}

/** An order as the group's lock statement read it. */
export interface LockedOrder {
  owner: string;
  order: OrderRow;
  /** Payment identifiers among the group's that this order already has refunds with. */
  usedIdentifiers: readonly string[];
}

/** An armed rule of an owner of the group (operation refund or any), oldest first. */
export interface ArmedRule {
  id: string;
  owner: string;
  orderId: string | null;
  fault: AppliedFault;
  remaining: number;
}

export interface RefundRow {
  orderId: string;
  amount: string;
  destinationAccountNumber: string;
  paymentIdentifier: string;
  externalId: string;
}

export interface RefundPlan {
  results: RefundResult[];
  refunds: RefundRow[];
  /** The final state of every order a refund changed. */
  orders: Map<string, OrderRow>;
  events: { orderId: string; event: NewEvent }[];
  /** Rule id to the uses the group takes. */
  ruleUses: Map<string, number>;
}

interface Working {
  owner: string;
  order: OrderRow;
  used: Set<string>;
}

export function planRefunds(requests: readonly RefundRequest[], locked: ReadonlyMap<string, LockedOrder>, rules: readonly ArmedRule[]): RefundPlan {
  const plan: RefundPlan = { results: [], refunds: [], orders: new Map(), events: [], ruleUses: new Map() };
  const working = new Map<string, Working>();
  for (const [id, found] of locked) working.set(id, { owner: found.owner, order: found.order, used: new Set(found.usedIdentifiers) });
  const remaining = new Map(rules.map((rule) => [rule.id, rule.remaining]));

  const takeRule = (owner: string, orderId: string): AppliedFault | null => {
    for (const rule of rules) {
      const left = remaining.get(rule.id) ?? 0;
      if (rule.owner !== owner || left <= 0 || (rule.orderId !== null && rule.orderId !== orderId)) continue;
      remaining.set(rule.id, left - 1);
      plan.ruleUses.set(rule.id, (plan.ruleUses.get(rule.id) ?? 0) + 1);
      return rule.fault;
    }
    return null;
  };

  for (const request of requests) {
    const current = working.get(request.id);
    if (current === undefined || current.owner !== request.owner) {
      plan.results.push({ kind: 'not_found', fault: null });
      continue;
    }
    const events = (list: NewEvent[]) => {
      for (const event of list) plan.events.push({ orderId: request.id, event });
    };
    const fault = request.applied === null ? takeRule(request.owner, request.id) : null;
    if (fault !== null && fault.effect.kind !== 'lose_answer') {
      // status, drop, delay: the rule is used and told of; the refund is not done now.
      events([{ type: 'fault_applied', data: faultEventData(fault, 'refund') }]);
      plan.results.push({ kind: 'fault', fault });
      continue;
    }
    const lostAnswer: NewEvent[] = fault === null ? [] : [{ type: 'fault_applied', data: faultEventData(fault, 'refund') }];
    const refuse = (refusal: Omit<RefundRefusal, 'request'>) => events([refusalEvent({ ...refusal, request: request.refund.request }, current.order.status), ...lostAnswer]);
    const result = decide(request, current, fault);
    plan.results.push(result);
    switch (result.kind) {
      case 'invalid_status':
        refuse({ code: 'invalid_status', httpStatus: 409, reason: invalidStatusDetail(result.status) });
        break;
      case 'invalid_amount':
        refuse({ code: 'invalid_amount', httpStatus: 400, reason: `amount: ${result.message}` });
        break;
      case 'duplicate_payment_identifier':
        refuse({ code: 'duplicate_payment_identifier', httpStatus: 400, reason: `payment_identifier: ${DUPLICATE_PAYMENT_IDENTIFIER_MESSAGE}` });
        break;
      case 'refunded': {
        const { refund } = request;
        current.order = result.order;
        current.used.add(refund.paymentIdentifier);
        plan.orders.set(request.id, result.order);
        plan.refunds.push({
          orderId: request.id,
          amount: refund.amount,
          destinationAccountNumber: refund.destinationAccountNumber,
          paymentIdentifier: refund.paymentIdentifier,
          externalId: refund.externalId,
        });
        const refunded: NewEvent = {
          type: 'refunded',
          data: {
            amount: refund.amount,
            payment_identifier: refund.paymentIdentifier,
            external_id: refund.externalId,
            destination_account_number: refund.destinationAccountNumber,
            current_amount: result.order.current_amount,
            refund_amount: result.order.refund_amount,
            source: 'refund',
          },
        };
        const moved = result.order.status === 'refunded' ? statusChangedEvents('activated', ['refunded'], 'refund') : [];
        events([refunded, ...moved, ...lostAnswer]);
        break;
      }
      case 'not_found':
      case 'fault':
        break;
    }
  }
  return plan;
}

/** One refund on the order as the refunds before it left it. */
function decide(request: RefundRequest, current: Working, fault: AppliedFault | null): RefundResult {
  const { order } = current;
  const { refund } = request;
  // The status rule comes before the amount rule: a refunded order's current amount is 0.00, and
  // "must not exceed 0.00" would hide the real reason.
  if (order.status !== 'activated') return { kind: 'invalid_status', status: order.status, fault };
  const problem = refundAmountProblem(refund.amount, order.current_amount);
  if (problem !== null) return { kind: 'invalid_amount', message: problem, fault };
  if (current.used.has(refund.paymentIdentifier)) return { kind: 'duplicate_payment_identifier', fault };
  const left = subtractMoney(order.current_amount, refund.amount);
  const status: OrderStatus = compareMoney(left, '0') === 0 ? 'refunded' : order.status;
  return {
    kind: 'refunded',
    order: { ...order, status, current_amount: formatMoney(left), refund_amount: formatMoney(addMoney(order.refund_amount, refund.amount)) },
    fault,
  };
}
