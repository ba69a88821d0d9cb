import { describe, expect, test } from 'vitest';
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE, auditExportQuerySchema, auditListQuerySchema } from './audit.ts';

// The query both sides of /api/audit read: boundaries of the page size, the cursor and the times.

describe('auditListQuerySchema', () => {
  test.each([
    [{}, true],
    [{ limit: '1' }, true],
    [{ limit: String(AUDIT_MAX_PAGE_SIZE) }, true],
    [{ limit: String(AUDIT_MAX_PAGE_SIZE + 1) }, false],
    [{ limit: '0' }, false],
    [{ limit: '2.5' }, false],
    [{ cursor: '1' }, true],
    [{ cursor: '9999999999999999' }, true],
    [{ cursor: '0' }, false],
    [{ cursor: '-1' }, false],
    [{ cursor: '12345678901234567' }, false],
    [{ from: '2026-11-25T00:00:00Z', to: '2026-11-26T00:00:00+01:00' }, true],
    [{ from: '2026-11-25' }, false],
    [{ user: 'u'.repeat(200) }, true],
    [{ user: 'u'.repeat(201) }, false],
  ])('%j valid: %s', (query, valid) => {
    expect(auditListQuerySchema.safeParse(query).success).toBe(valid);
  });

  test('an empty field is no filter, and the page size defaults', () => {
    expect(auditListQuerySchema.parse({ user: '', action: '  ', from: '', limit: '', cursor: '' })).toEqual({ limit: AUDIT_DEFAULT_PAGE_SIZE });
  });
});

test('an export names its format: csv or jsonl', () => {
  expect(auditExportQuerySchema.safeParse({ format: 'csv' }).success).toBe(true);
  expect(auditExportQuerySchema.safeParse({ format: 'jsonl' }).success).toBe(true);
  expect(auditExportQuerySchema.safeParse({ format: 'xlsx' }).success).toBe(false);
  expect(auditExportQuerySchema.safeParse({}).success).toBe(false);
});
