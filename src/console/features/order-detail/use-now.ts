import { useEffect, useState } from 'react';
import { renderNow } from '../../lib/render-settings.ts';

/** The current time, refreshed every `intervalMs`, for "… ago" texts that must stay true. */
export function useNow(intervalMs = 1_000): number {
  // A page the console server rendered is hydrated at the time it was rendered at.
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
