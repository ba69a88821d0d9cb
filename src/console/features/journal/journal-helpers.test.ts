import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../lib/journal.ts';
import { journalFilename } from './browser-actions.ts';
import { entryStatus, entryTarget } from './entry-status.ts';
import { redactEntry, redactToken, redactTokens } from './redact.ts';

describe('redaction', () => {
  test('replaces every occurrence of the token, even a short one', () => {
    expect(redactToken('Token abc and abc again', 'abc')).toBe('Token **** and **** again');
    expect(redactToken('x', 'x')).toBe('****');
    expect(redactToken('nothing to hide', '')).toBe('nothing to hide');
  });

  test('hides a longer token whole when it contains a shorter one', () => {
    expect(redactTokens('secret-long and secret', ['secret', 'secret-long'])).toBe('**** and ****');
  });

  test('covers every text field of an entry', () => {
    const entry: JournalEntry = {
      id: 1,
      startedAt: '2026-03-01T10:00:00.000Z',
      method: 'POST',
      url: 'https://svc.example/psp/v2/order/?t=tok-123',
      path: '/psp/v2/order/',
      environmentName: 'Env tok-123',
      requestHeaders: { Authorization: 'Token ****', 'X-Echo': 'tok-123' },
      status: 400,
      durationMs: 12,
      requestBody: '{"note":"tok-123"}',
      responseBody: '{"detail":"bad tok-123"}',
      error: 'echo tok-123',
    };
    expect(JSON.stringify(redactEntry(entry, ['tok-123']))).not.toContain('tok-123');
    expect(redactEntry(entry, ['tok-123']).responseBody).toBe('{"detail":"bad ****"}');
  });
});

describe('entry status', () => {
  test.each([
    [{ status: 201, error: null }, '201', 'green'],
    [{ status: 404, error: null }, '404', 'orange'],
    [{ status: 500, error: null }, '500', 'red'],
    [{ status: null, error: null }, 'pending', 'gray'],
    [{ status: null, error: 'Service unreachable' }, 'network error', 'red'],
    [{ status: null, error: 'No answer within 15 s' }, 'timeout', 'red'],
    [{ status: null, error: 'Cancelled' }, 'cancelled', 'gray'],
  ])('%o -> %s, %s', (entry, label, color) => {
    expect(entryStatus(entry)).toEqual({ label, color });
  });

  test('the target shows the query, which tells list calls apart', () => {
    expect(entryTarget({ url: 'http://x.test/sandbox/orders?limit=200&q=A', path: '/sandbox/orders' })).toBe('/sandbox/orders?limit=200&q=A');
    expect(entryTarget({ url: 'not a url', path: '/sandbox/orders' })).toBe('/sandbox/orders');
  });
});

test('the export file name carries a timestamp safe in every file system', () => {
  expect(journalFilename(new Date('2026-03-01T10:11:12.345Z'))).toBe('order-console-journal-2026-03-01T10-11-12-345Z.json');
});
