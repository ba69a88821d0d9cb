import type { ErrorBody } from '../http/errors.ts';

/**
 * An error body as one line for a history event: a detail as it is, field errors as
 * `path: message` joined by "; " (`amount: Must be greater than 0`).
 */
export function errorLine(body: ErrorBody): string {
  const detail = body['detail'];
  if (typeof detail === 'string') return detail;
  const lines: string[] = [];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') lines.push(path === '' ? node : `${path}: ${node}`);
    else if (Array.isArray(node)) node.forEach((child: unknown, i) => walk(child, typeof child === 'string' ? path : join(path, String(i))));
    else if (typeof node === 'object' && node !== null) for (const [key, child] of Object.entries(node)) walk(child, join(path, key));
  };
  walk(body, '');
  return lines.join('; ');
}
