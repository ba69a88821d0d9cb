import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import { set } from 'react-hook-form';
import type { z } from 'zod';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { CUSTOMER_FIELDS } from '../../../contract/schemas.ts';
import { createOrderFormSchema, createOrderRequestSchema } from './form-schema.ts';
import type { CreateOrderFormValues, ItemDraft, TransactionDraft } from './form-values.ts';
import { customerBody, itemBody, ITEM_FIELDS, orderDataBody, topLevelBody, TRANSACTION_FIELDS, transactionBody } from './form-values.ts';

// The form's resolver. react-hook-form validates on every keystroke in a field the user has left
// once (mode onTouched) and asks the resolver about that one field (`options.names` = [name]); of
// the answer it reads only the error at that path. Parsing the whole body for that (toRequestBody
// plus the schema over 200 items and 50 transactions) was a large part of a keystroke's cost, garbage
// collection included. Every rule of the request schema is about one member's own value (no rule reads another
// member), so the error at a path is decided by that member alone: this resolver parses just that
// member's body value with the member's schema, taken from the same request schema. Anything else
// (submit, trigger() after an import, several names, a name it does not know, criteriaMode "all",
// native validation) goes to the zod resolver over the whole body, as before.
//
// The answer to a scoped call holds only that field's error, so the form must not read
// formState.isValid (react-hook-form would take it from this partial answer). Nothing in it does.

const fullResolver = zodResolver(createOrderFormSchema);

type Shape = Record<string, z.ZodType>;

const requestShape: Shape = createOrderRequestSchema.shape;
const orderDataShape: Shape = createOrderRequestSchema.shape.order_data.shape;
const customerShape: Shape = createOrderRequestSchema.shape.customer_data.shape;
const itemShape: Shape = createOrderRequestSchema.shape.items.unwrap().element.shape;
const transactionShape: Shape = createOrderRequestSchema.shape.transaction_history.unwrap().element.shape;

const TOP_LEVEL = new Set(['service', 'order_external_id', 'payment_identifier', 'return_url']);
const CUSTOMER = new Set<string>(CUSTOMER_FIELDS);
const ITEM = new Set<string>(ITEM_FIELDS);
const TRANSACTION = new Set<string>(TRANSACTION_FIELDS);
const ROW = /^(items|transaction_history)\.(0|[1-9][0-9]*)\.([a-z_]+)$/;

interface Member {
  schema: z.ZodType;
  /** The member's value in the request body toRequestBody would build (undefined: left out). */
  value: unknown;
}

/** The one body member an input's name stands for, or null when the name is not one input. */
export function bodyMember(values: CreateOrderFormValues, name: string): Member | null {
  if (TOP_LEVEL.has(name)) {
    const top: Record<string, unknown> = topLevelBody(values);
    return { schema: requestShape[name]!, value: top[name] };
  }
  const [group, key, ...rest] = name.split('.');
  if (rest.length === 0 && key !== undefined) {
    if (group === 'order_data' && (key === 'eshop_external_id' || key === 'amount')) {
      return { schema: orderDataShape[key]!, value: orderDataBody(values)[key] };
    }
    if (group === 'customer_data' && CUSTOMER.has(key)) {
      const customer: Record<string, unknown> = customerBody(values.customer_data);
      return { schema: customerShape[key]!, value: customer[key] };
    }
  }
  const row = ROW.exec(name);
  if (row === null) return null;
  const [, list, index, field] = row;
  if (list === undefined || index === undefined || field === undefined) return null;
  if (list === 'items') {
    const item = values.items[Number(index)];
    if (item === undefined || !ITEM.has(field)) return null;
    const body: ItemDraft = itemBody(item);
    return { schema: itemShape[field]!, value: body[field as keyof ItemDraft] };
  }
  const transaction = values.transaction_history[Number(index)];
  if (transaction === undefined || !TRANSACTION.has(field)) return null;
  const body: TransactionDraft = transactionBody(transaction);
  return { schema: transactionShape[field]!, value: body[field as keyof TransactionDraft] };
}

type Options = ResolverOptions<CreateOrderFormValues>;

/** The error the whole-body resolver would put at `name`, worked out from that member alone; undefined to ask the whole body. */
async function scopedErrors(values: CreateOrderFormValues, name: string, options: Options): Promise<FieldErrors<CreateOrderFormValues> | undefined> {
  const member = bodyMember(values, name);
  if (member === null) return undefined;
  const result = await member.schema.safeParseAsync(member.value);
  if (result.success) return {};
  const first = result.error.issues[0];
  // A union's issue is reported through its branches; the whole-body resolver knows how.
  if (first === undefined || first.code === 'invalid_union') return undefined;
  // The zod resolver keeps the first issue per path; every issue here is at this member's path or below it.
  const flat: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const path = [name, ...issue.path.map(String)].join('.');
    if (flat[path] === undefined) flat[path] = { message: issue.message, type: issue.code };
  }
  return toNestErrors(flat, options);
}

/**
 * The errors the form shows now, by path: the create form hands one to the resolver as its context
 * (useForm's `context`), connected once the form exists.
 */
export class ShownErrors {
  private read: (name: 'items' | 'transaction_history') => unknown = () => undefined;
  connect(read: (name: 'items' | 'transaction_history') => unknown): void {
    this.read = read;
  }
  at(name: 'items' | 'transaction_history'): unknown {
    return this.read(name);
  }
}

const isList = (name: string): name is 'items' | 'transaction_history' => name === 'items' || name === 'transaction_history';

export const createOrderResolver: Resolver<CreateOrderFormValues, unknown, OrderCreateRequest> = async (values, context, options) => {
  const only = options.names?.length === 1 ? options.names[0] : undefined;
  // After a row is added, removed, duplicated or moved, react-hook-form (mode onTouched) validates
  // the whole list and shows every error in it: a new row turned red before anyone typed in it,
  // and the 250-row body was parsed per click. The errors already shown have been moved
  // with the rows by react-hook-form itself, so the answer is what is shown: nothing new turns red,
  // nothing shown goes away. A row's fields are checked as the person types and leaves them, and
  // all of them on submit. (Only useFieldArray asks about a list's name on its own.)
  if (only !== undefined && isList(only) && context instanceof ShownErrors) {
    const errors: FieldErrors<CreateOrderFormValues> = {};
    const shown = context.at(only);
    if (shown !== undefined) set(errors, only, shown);
    return { values: {}, errors };
  }
  if (only !== undefined && options.criteriaMode !== 'all' && options.shouldUseNativeValidation !== true) {
    const errors = await scopedErrors(values, only, options);
    // RHF reads only `errors` from a call about some names (values go to handleSubmit, which asks
    // about every name); an empty object stands in for the body this call did not build.
    if (errors !== undefined) return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: {} as OrderCreateRequest, errors: {} };
  }
  return fullResolver(values, context, options);
};
