/**
 * Retry-After in seconds: delta-seconds as DRF's throttling sends them, or an HTTP date (RFC 9110),
 * counted from `now`. Anything else is no advice. Here (not in the console) because the bulk refund
 * engine honours it too, in the browser and, in team mode, on the server.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (/^[0-9]{1,9}$/.test(text)) return Number.parseInt(text, 10);
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
