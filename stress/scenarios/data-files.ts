import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files under `dir` (recursively) whose bytes contain any of `needles`, relative to `dir`. */
export function filesContaining(dir: string, needles: readonly string[]): string[] {
  const patterns = needles.map((needle) => Buffer.from(needle, 'utf8'));
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    if (patterns.some((pattern) => bytes.includes(pattern))) found.push(relative(dir, path));
  }
  return found;
}
