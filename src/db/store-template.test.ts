import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createMemoryDatabase } from './store-template.ts';

// The initdb cache must never be the reason a sandbox does not start.

const dir = mkdtempSync(join(tmpdir(), 'sandbox-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function usable(path: string | null): Promise<void> {
  const db = await createMemoryDatabase(path);
  try {
    await db.exec('CREATE TABLE t (n int)');
    await db.query('INSERT INTO t VALUES ($1)', [1]);
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  } finally {
    await db.close();
  }
}

test('the first start saves the template, the next one starts from it with an empty database', async () => {
  const path = join(dir, 'nested', 'template.tar');
  await usable(path);
  expect(statSync(path).size).toBeGreaterThan(1_000_000);
  const saved = readFileSync(path);
  // Table t above was created after the dump: a start from the template must not see it.
  await usable(path);
  expect(readFileSync(path).equals(saved)).toBe(true);
}, 180_000);

test('a broken template is dropped and initdb runs instead', async () => {
  const path = join(dir, 'broken.tar');
  writeFileSync(path, 'this is not a tarball');
  await usable(path);
  expect(existsSync(path)).toBe(true);
  expect(readFileSync(path, 'utf8').startsWith('this is not')).toBe(false);
}, 180_000);
