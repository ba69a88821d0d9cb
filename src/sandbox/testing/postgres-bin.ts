import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

// Where PostgreSQL's server binaries are (D15 tests, stress, bench): no imports beyond node's, so
// vitest.config.ts can ask too.

export const POSTGRES_BIN_VARIABLE = 'SANDBOX_TEST_POSTGRES_BIN';
export const INSTALL_HINT =
  "PostgreSQL's server binaries (initdb, postgres) were not found in /usr/lib/postgresql/*/bin or on PATH: install them (Debian/Ubuntu: apt-get install postgresql) or set SANDBOX_TEST_POSTGRES_BIN to their directory";

const hasServer = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));

/** The directory holding initdb and postgres: SANDBOX_TEST_POSTGRES_BIN, Debian's newest, or PATH. */
export function findPostgresBin(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const chosen = env[POSTGRES_BIN_VARIABLE];
  if (chosen !== undefined && chosen !== '') return hasServer(chosen) ? chosen : null;
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^[0-9]+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (hasServer(join(debian, version, 'bin'))) return join(debian, version, 'bin');
  for (const dir of (env['PATH'] ?? '').split(delimiter)) if (dir !== '' && hasServer(dir)) return dir;
  return null;
}

