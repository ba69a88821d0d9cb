import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/store-db.ts';
import { openDatabase } from '../db/store-open.ts';
import { testStoreLocation } from './testing/test-store.ts';

// The Database interface (store-db.ts) on both adapters: what a transaction commits and what it
// rolls back, including a last statement sent together with its COMMIT (queryAndCommit).

let db: Database;

beforeAll(async () => {
  db = await openDatabase(await testStoreLocation());
  await db.exec('CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, v text NOT NULL)');
}, 60_000);

afterAll(async () => {
  await db.close();
});

const values = async (from: number, to: number) =>
  (await db.query<{ id: number }>('SELECT id FROM t WHERE id BETWEEN $1::int AND $2::int ORDER BY id', [from, to])).rows.map((r) => r.id);

test('statements, then queryAndCommit: all committed, and the last statement\'s rows are answered', async () => {
  const result = await db.transaction(async (tx) => {
    await tx.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [1, 'a']);
    return tx.queryAndCommit<{ id: number; v: string }>('INSERT INTO t (id, v) VALUES ($1::int, $2::text) RETURNING id, v', [2, 'b']);
  });
  expect(result.rows).toEqual([{ id: 2, v: 'b' }]);
  expect(await values(1, 2)).toEqual([1, 2]);
});

test('a queryAndCommit that fails rolls back the whole transaction and rejects with the statement\'s error', async () => {
  const attempt = db.transaction(async (tx) => {
    await tx.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [10, 'a']);
    return tx.queryAndCommit('INSERT INTO t (id, v) VALUES ($1::int, NULL)', [11]);
  });
  await expect(attempt).rejects.toMatchObject({ code: '23502' });
  expect(await values(10, 11)).toEqual([]);
  // The session is usable afterwards (no transaction left open).
  await db.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [12, 'c']);
  expect(await values(10, 12)).toEqual([12]);
});

test('nothing runs after queryAndCommit; a throw before it rolls back', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.queryAndCommit('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [20, 'a']);
      return tx.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [21, 'b']);
    }),
  ).rejects.toThrow(/transaction is over/);
  expect(await values(20, 21)).toEqual([20]);

  await expect(
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [30, 'a']);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await values(30, 30)).toEqual([]);
});

test('a failed statement mid-transaction rolls back what came before it', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [40, 'a']);
      await tx.query('INSERT INTO t (id, v) VALUES ($1::int, $2::text)', [40, 'again']);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect(await values(40, 40)).toEqual([]);
});
