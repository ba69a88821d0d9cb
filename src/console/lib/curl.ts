export const MASKED_TOKEN = '****';

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A curl command for a request; the token is masked unless the user explicitly asks for it. */
export function buildCurl(request: { method: string; url: string; body: string | null; token: string; includeToken: boolean }): string {
  const token = request.includeToken ? request.token : MASKED_TOKEN;
  const parts = [`curl -X ${request.method} ${shellQuote(request.url)}`, `-H ${shellQuote(`Authorization: Token ${token}`)}`];
  if (request.body !== null && request.body !== '') {
    parts.push(`-H 'Content-Type: application/json'`, `--data-raw ${shellQuote(request.body)}`);
  }
  return parts.join(' \\\n  ');
}
