import { renderHook, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { FIRST_CONTENT_FALLBACK_MS } from '../../app/first-content.ts';
import { useOrderCheck } from '../order-detail/use-order-check.ts';
import { loadOrderCheck, receiveOrderFirst } from './received-order.ts';

// A cold order's page shows the answer before the contract's schemas (zod) are loaded, and
// says what did not match (D9) once they are. This file imports nothing that loads them up front.

const answer = (status: string) => ({
  id: '6f1c2f8e-2a4b-4c8d-9e0f-1a2b3c4d5e6f',
  external_id: 'ORD-1',
  redirect_url: 'https://checkout.example.com/6f1c2f8e',
  initial_amount: '100.00',
  current_amount: '100.00',
  refund_amount: '0.00',
  date_settled: '2026-11-26T05:00:00+00:00',
  status,
  service: 'provider-pay',
});

test('an answer is shown as received before the check is loaded, checked as it is received after', { timeout: 15_000 }, async () => {
  const first = receiveOrderFirst(answer('paid_out'), '2026-11-26T05:00:01.000Z');
  expect(first.record).toMatchObject({ external_id: 'ORD-1', status: 'paid_out', initial_amount: '100.00' });
  expect(first.mismatches).toBeNull();
  expect(first.order).toBeNull();

  // The order view's hook loads the check once the page's first content is shown (here: no page says
  // so, so after the header's fallback time) and says what did not match.
  const { result } = renderHook(() => useOrderCheck(first));
  expect(result.current).toEqual([]);
  await waitFor(() => expect(result.current).toHaveLength(1), { timeout: FIRST_CONTENT_FALLBACK_MS + 3_000 });
  expect(result.current[0]).toMatch(/^status: "paid_out" is not a valid choice/);

  const check = await loadOrderCheck();
  expect(check(answer('activated'))).toEqual({ order: answer('activated'), mismatches: [] });
  const later = receiveOrderFirst(answer('paid_out'));
  expect(later.mismatches).toEqual(result.current);
  expect(receiveOrderFirst(answer('activated')).order).toEqual(answer('activated'));
});
