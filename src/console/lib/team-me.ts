import type { TeamMe } from '../../contract/console-api.ts';
import { consoleApiPaths, meSchema } from '../../contract/console-api.ts';
import { consoleRequest } from './api-client.ts';
import { settleMe } from './server-config.ts';

// Team mode (D16): who is signed in, read with the contract's schema. Apart from server-config.ts,
// which is on every first screen: this module (with zod) loads only where the console runs in team mode.

/** GET /api/me's answer as the console reads it; null when it is not one. */
export function readMe(data: unknown): TeamMe | null {
  const parsed = meSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Asks the server who is signed in (the session cookie goes along); null when nobody is, or it cannot say. */
export async function fetchMe(): Promise<TeamMe | null> {
  try {
    return (await consoleRequest(meSchema, { method: 'GET', path: consoleApiPaths.me() })).data;
  } catch {
    return null;
  }
}

/** After signing in again in place: the server's new answer about who this is, for the whole console. */
export async function refreshMe(): Promise<TeamMe | null> {
  const me = await fetchMe();
  settleMe(me);
  return me;
}
