import { z } from 'zod';

// GET /sandbox/orders pages by (created_at, id), newest first. The cursor is opaque to callers:
// base64url of the last row's key, created_at kept to the microsecond so no row is skipped or repeated.

export interface OrderCursor {
  createdKey: string;
  id: string;
}

const CREATED_KEY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\.[0-9]{6}Z$/;

/** A real instant, so PostgreSQL never sees a timestamp it would refuse (2026-02-30 is an error there). */
function isRealInstant(key: string): boolean {
  const match = CREATED_KEY.exec(key);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number.parseInt(part, 10));
  if (year === undefined || month === undefined || day === undefined) return false;
  if (hour === undefined || minute === undefined || second === undefined) return false;
  if (year < 1970) return false;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

const cursorSchema = z.tuple([z.string().refine(isRealInstant), z.uuid()]);

export function encodeCursor(cursor: OrderCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdKey, cursor.id]), 'utf8').toString('base64url');
}

/** null for anything this server did not write. */
export function decodeCursor(text: string): OrderCursor | null {
  if (text.length === 0 || text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) return null;
  return { createdKey: parsed.data[0], id: parsed.data[1] };
}
