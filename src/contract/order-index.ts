import { z } from 'zod';
import { answeredAmount } from './fields.ts';
import { orderStatusSchema, serviceSchema } from './schemas.ts';

// What GET /api/orders/search answers (team mode), parsed by the console with these schemas and built
// by the server to them. A record says how the index last learned of the order and when (source), so
// a support agent can tell a fresh record from an old one:
//   create, read, refund, list        a person's call through the console (list: a sandbox list page)
//   service_create, service_read, service_refund   a machine's call through the gateway (a service account)
//   refresh                           the background refresher read it from the service
//   sandbox                           the embedded sandbox told of a change (its checkout, a move, a refund)
//   import                            a file the PSP exported (npm run index -- import, or the import page)
// customer is null where the person's role may not see personal data (customer_visible false) or
// where no create body or file ever named the customer. A record only a file told of may lack its
// status, amounts and date (null): the refresher reads the service for them (docs/order-index.md).

export const INDEX_SOURCES = ['create', 'read', 'refund', 'list', 'service_create', 'service_read', 'service_refund', 'refresh', 'sandbox', 'import'] as const;
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
  status: orderStatusSchema.nullable(),
  service: serviceSchema.nullable(),
  initial_amount: answeredAmount('Initial amount').nullable(),
  current_amount: answeredAmount('Current amount').nullable(),
  refund_amount: answeredAmount('Refund amount').nullable(),
  /** When the order was made (the service's date_settled, or a file's created_at); null: not known yet. */
  created_at: z.iso.datetime({ offset: true }).nullable(),
  first_seen_at: z.iso.datetime({ offset: true }),
  last_seen_at: z.iso.datetime({ offset: true }),
  first_source: indexSourceSchema,
  source: indexSourceSchema,
  /** When the service last answered 404 for it (an imported id it does not know); null otherwise. */
  not_found_at: z.iso.datetime({ offset: true }).nullable(),
  customer_visible: z.boolean(),
  customer: indexedCustomerSchema.nullable(),
});

export const orderSearchPageSchema = z.object({
  results: z.array(indexedOrderSchema),
  next_cursor: z.string().nullable(),
});

/** GET /api/env/{env}/order-index?ids=…,…: the index's records of those orders (an order it does not hold is left out). */
export const indexedOrderListSchema = z.object({ results: z.array(indexedOrderSchema) });

export type IndexSource = z.infer<typeof indexSourceSchema>;
export type IndexedOrder = z.infer<typeof indexedOrderSchema>;
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;
