import type { Environment } from '../../lib/environments.ts';
import type { JournalEntry } from '../../lib/journal.ts';

/**
 * The token "Copy as curl" may put into an entry's command: the token of the environment the call
 * went to, found by its stable id. Never by name (a renamed or re-added entry would get
 * another environment's token), never the active one's; null when that environment is gone or the
 * entry is older than the id, so the command keeps `****`.
 */
export function curlTokenFor(entry: JournalEntry, environments: readonly Environment[], tokenOf: (environmentId: string) => string): string | null {
  if (entry.environmentId === undefined) return null;
  const environment = environments.find((e) => e.id === entry.environmentId);
  if (environment === undefined) return null;
  const token = tokenOf(environment.id);
  return token === '' ? null : token;
}
