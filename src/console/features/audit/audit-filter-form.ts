import { z } from 'zod';
import type { AuditFilter } from '../../../contract/audit.ts';

// The /audit filters as a person types them (days, not instants) and as the address keeps them, so
// a filtered view can be shared as a link. Days are UTC days: the log's times are UTC.

const day = z.union([z.literal(''), z.iso.date({ error: 'A date like 2026-11-25' })]);
const text = z.string().trim().max(200, 'At most 200 characters');

export const auditFilterFormSchema = z
  .object({ user: text, action: text, order_id: text, from: day, to: day })
  .refine((v) => v.from === '' || v.to === '' || v.from <= v.to, { path: ['to'], message: 'Must not be before From' });
export type AuditFilterForm = z.infer<typeof auditFilterFormSchema>;

export const FILTER_KEYS = ['user', 'action', 'order_id', 'from', 'to'] as const;

/** What the address says, anything it should not say dropped. */
export function formFromParams(params: URLSearchParams): AuditFilterForm {
  const raw = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? '']));
  const parsed = auditFilterFormSchema.safeParse(raw);
  return parsed.success ? parsed.data : { user: '', action: '', order_id: '', from: '', to: '' };
}

const nextDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The API's filter: `from` the start of its day, `to` the start of the day after (the day included). */
export function filterFromForm(form: AuditFilterForm): AuditFilter {
  const present = (value: string) => (value === '' ? undefined : value);
  return {
    user: present(form.user),
    action: present(form.action),
    order_id: present(form.order_id),
    from: form.from === '' ? undefined : `${form.from}T00:00:00Z`,
    to: form.to === '' ? undefined : `${nextDay(form.to)}T00:00:00Z`,
  };
}
