// D5's absolute http(s) URL as a plain check, apart from the zod schemas (fields.ts): an order's page
// shows its checkout link before the contract's schemas load.

/** An absolute http(s) URL (D5). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
