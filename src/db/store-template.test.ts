import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { BytesBlob, createDirectoryDatabase, createMemoryDatabase } from './store-template.ts';

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

// A template that says where it came from: initdb's output plus one table, so a database started from
// it can be told apart from one initdb made. Made once, from the saved initdb template as any in-memory
// sandbox starts (an initdb of its own took 5-9 s of this file each time), and copied for each test.
let marked: Promise<Uint8Array> | undefined;

async function markedTemplate(path: string): Promise<void> {
  marked ??= (async () => {
    const db = await createMemoryDatabase();
    try {
      await db.exec("CREATE TABLE from_template (note text); INSERT INTO from_template VALUES ('yes')");
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    } finally {
      await db.close();
    }
  })();
  writeFileSync(path, await marked);
}

async function hasMark(db: PGlite): Promise<boolean> {
  return (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'from_template'")).rows[0]?.n === 1;
}

function dataDirectory(name: string, entries: Record<string, string> = { 'sandbox.lock': 'held' }): string {
  const path = join(dir, name);
  mkdirSync(path);
  for (const [entry, text] of Object.entries(entries)) writeFileSync(join(path, entry), text);
  return path;
}

test('a new data directory starts from the template, and keeps what is written there across a restart', async () => {
  const template = join(dir, 'marked.tar');
  await markedTemplate(template);
  const data = dataDirectory('new');
  const first = await createDirectoryDatabase(data, ['sandbox.lock'], {}, template);
  try {
    expect(await hasMark(first)).toBe(true);
    await first.exec("INSERT INTO from_template VALUES ('written after')");
  } finally {
    await first.close();
  }
  expect(existsSync(join(data, 'PG_VERSION'))).toBe(true);
  // Not empty any more: opened as it is, the template not loaded over it.
  const again = await createDirectoryDatabase(data, ['sandbox.lock'], {}, template);
  try {
    expect((await again.query<{ note: string }>('SELECT note FROM from_template ORDER BY note')).rows.map((r) => r.note)).toEqual(['written after', 'yes']);
  } finally {
    await again.close();
  }
  expect(readFileSync(join(data, 'sandbox.lock'), 'utf8')).toBe('held');
}, 180_000);

test('a directory holding anything but the lock is left to initdb, and what it held stays', async () => {
  const template = join(dir, 'marked-2.tar');
  await markedTemplate(template);
  const data = dataDirectory('not-empty', { 'sandbox.lock': 'held', 'notes.txt': 'mine' });
  const db = await createDirectoryDatabase(data, ['sandbox.lock'], {}, template);
  try {
    expect(await hasMark(db)).toBe(false);
  } finally {
    await db.close();
  }
  expect(readFileSync(join(data, 'notes.txt'), 'utf8')).toBe('mine');
}, 180_000);

test('a broken template: it goes, so does what it left in the directory, and initdb runs instead', async () => {
  const template = join(dir, 'broken-for-a-directory.tar');
  // A real tarball's first half: files are written into the directory before the load fails.
  await markedTemplate(template);
  const whole = readFileSync(template);
  writeFileSync(template, whole.subarray(0, Math.floor(whole.length / 2)));
  const data = dataDirectory('from-broken');
  const db = await createDirectoryDatabase(data, ['sandbox.lock'], {}, template);
  try {
    expect(await hasMark(db)).toBe(false);
    await db.exec('CREATE TABLE t (n int)');
  } finally {
    await db.close();
  }
  expect(existsSync(template)).toBe(false);
  expect(readdirSync(data)).toContain('sandbox.lock');
  expect(readFileSync(join(data, 'sandbox.lock'), 'utf8')).toBe('held');
}, 180_000);

test('the template blob reads as a Blob of the same bytes would, and hands over a whole file without copying it', async () => {
  const text = 'PG_VERSION 17\n';
  const file = Buffer.from(text);
  const whole = new Uint8Array(new ArrayBuffer(file.byteLength));
  whole.set(file);
  const blob = new BytesBlob(whole);
  expect(blob).toBeInstanceOf(Blob);
  expect(blob.size).toBe(text.length);
  expect(blob.type).toBe('');
  expect(await blob.arrayBuffer()).toBe(whole.buffer);
  expect(new TextDecoder().decode(await blob.bytes())).toBe(text);
  expect(await blob.text()).toBe(text);
  expect(await blob.slice(3, 10).text()).toBe(text.slice(3, 10));
  expect(await new Response(blob.stream()).text()).toBe(text);
  // Bytes that are part of a larger buffer (a pooled Buffer) are copied out, never the whole pool.
  const pool = new Uint8Array(64).fill(120);
  pool.set(file, 8);
  const part = new BytesBlob(pool.subarray(8, 8 + file.byteLength));
  expect((await part.arrayBuffer()).byteLength).toBe(text.length);
  expect(await part.text()).toBe(text);
});
