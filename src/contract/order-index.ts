import { z } from 'zod';
import { answeredAmount } from './fields.ts';
import { orderStatusSchema, serviceSchema } from './schemas.ts';

// What GET /api/orders/search answers (team mode), parsed by the console with these schemas
// and built by the server to them. A record says where the console server last saw the order
// (source: create, read, refund or a sandbox list page) and when, so a support agent can tell a
// fresh record from an old one; customer is null where the person's role may not see personal data
// (customer_visible false) or where no create body was ever seen.

export const INDEX_SOURCES = ['create', 'read', 'refund', 'list'] as const;
export const indexSourceSchema = z.enum(INDEX_SOURCES);

export const indexedCustomerSchema = z.object({
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone_number: z.string().nullable(),
});

export const indexedOrderSchema = z.object({
  environment: z.string(),
  order_id: z.uuid(),
  external_id: z.string(),
  status: orderStatusSchema,
  service: serviceSchema,
  initial_amount: answeredAmount('Initial amount'),
  current_amount: answeredAmount('Current amount'),
  refund_amount: answeredAmount('Refund amount'),
  created_at: z.iso.datetime({ offset: true }),
  first_seen_at: z.iso.datetime({ offset: true }),
  last_seen_at: z.iso.datetime({ offset: true }),
  first_source: indexSourceSchema,
  source: indexSourceSchema,
  customer_visible: z.boolean(),
  customer: indexedCustomerSchema.nullable(),
});

export const orderSearchPageSchema = z.object({
  results: z.array(indexedOrderSchema),
  next_cursor: z.string().nullable(),
});

export type IndexSource = z.infer<typeof indexSourceSchema>;
export type IndexedOrder = z.infer<typeof indexedOrderSchema>;
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;
