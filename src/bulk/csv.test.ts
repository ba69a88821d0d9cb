import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { BULK_EXAMPLE_CSV, BULK_TEMPLATE_CSV, readBulkFile, SEPARATOR_NAMES } from './bulk-file.ts';
import { inertCell, MAX_CSV_ROWS, parseCsv, toCsv } from './csv.ts';

const fields = (text: string) => {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(result.error);
  return result.records.map((r) => r.fields);
};

describe('parseCsv (RFC 4180)', () => {
  test.each([
    ['a,b\r\nc,d\r\n', [['a', 'b'], ['c', 'd']]],
    ['a,b\nc,d', [['a', 'b'], ['c', 'd']]],
    ['\uFEFForder_id,amount\r\n', [['order_id', 'amount']]],
    ['"a,1","say ""hi"""\r\n', [['a,1', 'say "hi"']]],
    ['"two\r\nlines",x\r\n', [['two\r\nlines', 'x']]],
    ['a,,\r\n', [['a', '', '']]],
    ['"",b\r\n', [['', 'b']]],
    ['a\r\n\r\nb\r\n', [['a'], [''], ['b']]],
  ])('%j', (text, expected) => {
    expect(fields(text)).toEqual(expected);
  });

  test('a record remembers the line it starts on, across quoted line breaks', () => {
    const result = parseCsv('h\r\n"x\ny"\r\nz\r\n');
    expect(result.ok && result.records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  test.each([
    ['"open,b\r\n', 'Line 1: a quoted field is never closed'],
    ['a,"b"c\r\n', 'Line 1: text after a closing quote'],
    ['h\r\nab"c,d\r\n', 'Line 2: a quote inside an unquoted field'],
  ])('refuses %j', (text, error) => {
    const result = parseCsv(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  test(`at most ${MAX_CSV_ROWS} rows after the header`, () => {
    const rows = (n: number) => 'order_id\r\n' + 'x\r\n'.repeat(n);
    expect(parseCsv(rows(MAX_CSV_ROWS)).ok).toBe(true);
    expect(parseCsv(rows(MAX_CSV_ROWS + 1))).toEqual({ ok: false, error: `More than ${MAX_CSV_ROWS} rows: split the file` });
  });

  test('what toCsv writes, parseCsv reads back unchanged', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', 'é') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(fields(toCsv(rows))).toEqual(rows);
      }),
    );
  });

  test('a cell that a spreadsheet would run as a formula is written inert', () => {
    expect(inertCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(inertCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(inertCell('double charge')).toBe('double charge');
  });
});

describe('readBulkFile', () => {
  test('columns by name in any order, cells trimmed, blank lines left out, other columns named', () => {
    const result = readBulkFile('reason, Amount ,order_id,note\r\n Double charge ,12.50, 6f1c7c53-6a5e-4b8e-9d55-0a0f1f1f1f1f ,x\r\n,,,\r\n');
    expect(result).toEqual({
      ok: true,
      separator: ',',
      ignoredColumns: ['note'],
      rows: [{ key: 'line-2', line: 2, order_id: '6f1c7c53-6a5e-4b8e-9d55-0a0f1f1f1f1f', amount: '12.50', reason: 'Double charge', destination_account_number: '' }],
    });
  });

  test.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'TAB'],
  ])('a file separated by %j (a spreadsheet in another language) is read from its header row; with ; or TAB, 12,50 is 12.50', (separator, name) => {
    const id = '6f1c7c53-6a5e-4b8e-9d55-0a0f1f1f1f1f';
    const cells = (...values: string[]) => values.join(separator);
    // A BOM, as Excel's "CSV UTF-8" writes it; a quoted reason holding both other separators.
    const text = `\uFEFF${cells('order_id', 'amount', 'reason')}\r\n${cells(id, separator === ',' ? '"12,50"' : '12,50', '"Other: late; partial, sorry"')}\r\n${cells(id, '3.10', 'Goods returned')}\r\n`;
    const result = readBulkFile(text);
    expect(result.ok && result.separator).toBe(separator);
    expect(SEPARATOR_NAMES[result.ok ? result.separator : ',']).toBe(`${name}-separated`);
    expect(result.ok && result.rows.map((r) => [r.order_id, r.amount, r.reason])).toEqual([
      // With commas between fields a comma in an amount is no decimal mark: the checks refuse it.
      [id, separator === ',' ? '12,50' : '12.50', 'Other: late; partial, sorry'],
      [id, '3.10', 'Goods returned'],
    ]);
  });

  test('a semicolon header missing a column says so, and how the file was read', () => {
    const result = readBulkFile('order_id;amount;note\r\nx;1;y\r\n');
    expect(result).toEqual({ ok: false, error: 'The header row lacks the column reason (it must name order_id, amount and reason; read as semicolon-separated)' });
  });

  test.each([
    ['', 'The file is empty'],
    ['order_id,amount\r\nx,1\r\n', 'lacks the column reason'],
    ['order_id,amount,reason,amount\r\n', 'names amount twice'],
    [BULK_TEMPLATE_CSV, 'no refunds'],
  ])('refuses %j', (text, error) => {
    const result = readBulkFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });
});

test('the example offered for download is examples/bulk-refunds.csv, and it reads', () => {
  expect(readFileSync(new URL('../../examples/bulk-refunds.csv', import.meta.url), 'utf8')).toBe(BULK_EXAMPLE_CSV);
  const file = readBulkFile(BULK_EXAMPLE_CSV);
  expect(file.ok && file.rows.map((r) => [r.amount, r.reason, r.destination_account_number])).toEqual([
    ['full', 'Customer request', ''],
    ['12.50', 'Duplicate payment', ''],
    ['5.00', 'Other: Late delivery, partial refund', 'CZ6508000000192000145399'],
  ]);
});
