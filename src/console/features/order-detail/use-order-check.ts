import { useEffect, useState } from 'react';
import { useAfterFirstContent } from '../../app/first-content.ts';
import type { ReceivedOrder } from '../orders/received-order.ts';
import { loadOrderCheck } from '../orders/received-order.ts';

/**
 * What of the answer does not match the documented Order (D9). An answer shown before its check was
 * loaded (a cold order's page: received-order.ts) is checked once the page has painted its first
 * content and the check's code is in (its load and its schemas' build do not hold that paint back);
 * until then nothing is said about it.
 */
export function useOrderCheck(received: ReceivedOrder): string[] {
  const [late, setLate] = useState<{ data: unknown; mismatches: string[] } | null>(null);
  const { data, mismatches } = received;
  const painted = useAfterFirstContent();
  useEffect(() => {
    if (mismatches !== null || !painted) return undefined;
    let live = true;
    void loadOrderCheck().then((check) => {
      if (live) setLate({ data, mismatches: check(data).mismatches });
    });
    return () => {
      live = false;
    };
  }, [data, mismatches, painted]);
  if (mismatches !== null) return mismatches;
  return late !== null && late.data === data ? late.mismatches : [];
}
