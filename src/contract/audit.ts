import { z } from 'zod';
import type { Permission } from './permissions.ts';

// docs/decisions.md D16: the team console's audit log as the console server answers it (`GET /api/audit`)
// and as the console page reads it. One schema for both sides; the server adds what only it checks
// (the hash chain, the permission).

/** The permission an admin's role carries to read and export it (one naming: contract/permissions.ts). */
export const AUDIT_READ_PERMISSION = 'read:audit' satisfies Permission;

export const auditPaths = {
  list: () => '/api/audit',
  export: () => '/api/audit/export',
} as const;

export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export const auditExportFormatSchema = z.enum(AUDIT_EXPORT_FORMATS);
export type AuditExportFormat = z.infer<typeof auditExportFormatSchema>;

export const AUDIT_DEFAULT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

/** SHA-256 in lower-case hex. */
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

export const auditRowSchema = z.object({
  /** 1, 2, 3, … with no gap: the row's place in the chain. */
  seq: z.int().positive(),
  /** When the row was written (UTC, milliseconds), by the database's clock. */
  at: z.iso.datetime({ offset: true }),
  /** The signed-in user's e-mail; null for an attempt nobody was signed in for. */
  user: z.string().nullable(),
  role: z.string().nullable(),
  environment: z.string().nullable(),
  action: z.string(),
  order_id: z.string().nullable(),
  /** The request body as recorded, with anything token-like taken out. */
  body: z.unknown(),
  outcome: z.string(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  prev_hash: z.string().regex(HASH_PATTERN),
  hash: z.string().regex(HASH_PATTERN),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  /** Newest first. */
  rows: z.array(auditRowSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

// Query-string values: an empty field means "no filter".
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const text = () => z.preprocess(blankAsAbsent, z.string().trim().max(200).optional());
const instant = () => z.preprocess(blankAsAbsent, z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' }).optional());

/** The filters both endpoints take; `from` inclusive, `to` exclusive. */
export const auditFilterSchema = z.object({
  user: text(),
  action: text(),
  order_id: text(),
  environment: text(),
  from: instant(),
  to: instant(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterSchema.extend({
  /** The `next_cursor` of the page before. */
  cursor: z.preprocess(blankAsAbsent, z.string().regex(/^[1-9][0-9]{0,15}$/, 'Must be a cursor this server gave').optional()),
  limit: z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_DEFAULT_PAGE_SIZE)),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema.extend({ format: auditExportFormatSchema });
