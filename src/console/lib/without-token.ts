import { getActiveEnvironment, getToken } from './environments.ts';

/**
 * Text from the service with the active environment's token replaced by ****: a service may echo
 * the Authorization header in an error ("Token abc is not allowed"), and the page, unlike the
 * journal (features/journal/redact.ts), showed such a detail as it came.
 */
export function withoutToken(text: string): string {
  const token = getToken(getActiveEnvironment().id);
  return token === '' ? text : text.split(token).join('****');
}
