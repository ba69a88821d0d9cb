import { z } from 'zod';
import { faultListResponseSchema, faultRuleRequestSchema, faultRuleSchema } from './faults.ts';
import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, orderEventsResponseSchema, REFUSAL_REQUEST_MAX_BYTES } from './history.ts';
import { orderServicePaths, sandboxPaths } from './paths.ts';
import { orderCreateRequestSchema, orderSchema, refundRequestSchema } from './schemas.ts';
import { sandboxStatsSchema } from './stats.ts';

// docs/decisions.md D8: the interface as OpenAPI 3.1, generated from the same schemas the console and the
// sandbox parse with. OpenAPI 3.1 schemas are JSON Schema 2020-12.
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
}

const detailErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });

const UUID_PARAM = {
  name: 'orderUuid',
  in: 'path',
  required: true,
  description: 'The order identifier (the `id` of the order).',
  schema: { type: 'string', format: 'uuid' },
} as const;

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });

const errors = {
  '400': { description: 'Validation error: an object mirroring the request, leaves are lists of messages (DRF).', content: json('ValidationError') },
  '401': { description: 'Missing or invalid token.', content: json('DetailError'), headers: { 'WWW-Authenticate': { schema: { type: 'string' } } } },
  '404': { description: 'Unknown order, or an id that is not a UUID.', content: json('DetailError') },
} as const;

/** A path template from one of the contract's path builders: `/x/{name}/y`. */
const template = (build: (id: string) => string, name: string) => build(`{${name}}`).replace(encodeURIComponent(`{${name}}`), `{${name}}`);

const FAULT_ID_PARAM = { name: 'faultId', in: 'path', required: true, description: 'The `id` of an armed rule.', schema: { type: 'string', format: 'uuid' } } as const;

const SANDBOX_NOTE = 'Sandbox only (not part of the partner interface).';

/** D12 and D13: the sandbox's history and fault injection routes. */
function sandboxOperations(): Record<string, unknown> {
  return {
    [template(sandboxPaths.orderEvents, 'orderUuid')]: {
      get: {
        operationId: 'sandboxOrderEvents',
        summary: "An order's history, oldest first",
        description: `${SANDBOX_NOTE} Every event is written in the transaction of the change it tells of. Orders stored before the history existed have none. The owner's orders only: another token gets 404. In pages: \`next_cursor\` (null on the last page) goes into \`?cursor=\` for the next one. A refused refund keeps a body of at most ${REFUSAL_REQUEST_MAX_BYTES} bytes whole; a larger one keeps only the refund fields, with \`request_bytes\`.`,
        parameters: [
          UUID_PARAM,
          { name: 'limit', in: 'query', required: false, description: `Events per page (default ${EVENTS_PAGE_DEFAULT}).`, schema: { type: 'integer', minimum: 1, maximum: EVENTS_PAGE_MAX } },
          { name: 'cursor', in: 'query', required: false, description: 'The `next_cursor` of the page before.', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'The events.', content: json('OrderEvents') }, '401': errors['401'], '404': errors['404'] },
      },
    },
    [template(sandboxPaths.orderRequest, 'orderUuid')]: {
      get: {
        operationId: 'sandboxOrderRequest',
        summary: 'The create request body exactly as the sandbox received it',
        description: `${SANDBOX_NOTE} The raw text (spacing and key order as sent). The owner's orders only: another token gets 404.`,
        parameters: [UUID_PARAM],
        responses: {
          '200': { description: 'The body as received.', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } },
          '401': errors['401'],
          '404': errors['404'],
        },
      },
    },
    [sandboxPaths.faults()]: {
      get: {
        operationId: 'sandboxFaultList',
        summary: "The token's armed fault rules, oldest first (the order they take precedence in)",
        description: `${SANDBOX_NOTE} \`remaining\`: how many more times a rule fires; a rule used up is no longer listed.`,
        responses: { '200': { description: 'The armed rules.', content: json('FaultList') }, '401': errors['401'] },
      },
      post: {
        operationId: 'sandboxFaultArm',
        summary: 'Arm a fault rule for /psp/ requests of this token',
        description:
          `${SANDBOX_NOTE} A rule fires on a /psp/ request of this token that reaches its order (authenticated, a valid body, an order of the token), ` +
          'for its operation (`create`, `refund`, `read` = GET of one order, or `any`), and only for `order_id` when given; one rule per request, the oldest armed first. ' +
          '`status`: that status with a {"detail", "code"} body and nothing done (Retry-After for 429, or when the rule names one); `delay`: waits, then handles the request as usual (the operation happens after the wait); ' +
          '`drop`: resets the connection without an answer, nothing done; `lose_answer`: does the operation and commits it, then resets the connection without an answer. ' +
          'Never on the control API or the checkout page. At most 100 armed per token.',
        requestBody: { required: true, content: json('FaultRuleRequest') },
        responses: { '201': { description: 'The armed rule.', content: json('FaultRule') }, '400': errors['400'], '401': errors['401'] },
      },
      delete: {
        operationId: 'sandboxFaultDisarmAll',
        summary: "Disarm all of the token's rules",
        description: SANDBOX_NOTE,
        responses: { '204': { description: 'Disarmed.' }, '401': errors['401'] },
      },
    },
    [sandboxPaths.stats()]: {
      get: {
        operationId: 'sandboxStats',
        summary: "The token's orders at a glance",
        description:
          `${SANDBOX_NOTE} Aggregated by the database over the token's orders only: counts and initial amounts per status (every status, zeros included), ` +
          'orders created per hour over the last 24 hours (UTC hour starts, the current hour last), refunds made (simulated moves to `refunded` included), ' +
          'refused refunds with the newest ten. Sums are exact decimal strings with two decimals and may exceed an order amount\'s 8 integer digits.',
        responses: { '200': { description: 'The figures.', content: json('SandboxStats') }, '401': errors['401'] },
      },
    },
    [template(sandboxPaths.fault, 'faultId')]: {
      delete: {
        operationId: 'sandboxFaultDisarm',
        summary: 'Disarm one rule',
        description: SANDBOX_NOTE,
        parameters: [FAULT_ID_PARAM],
        responses: { '204': { description: 'Disarmed.' }, '401': errors['401'], '404': { description: 'No armed rule of this token with that id.', content: json('DetailError') } },
      },
    },
  };
}

export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const orderPath = template(orderServicePaths.orderRead, 'orderUuid');
  const refundPath = template(orderServicePaths.orderRefund, 'orderUuid');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order Service partner interface',
      version: 'v2',
      description:
        'Order creation and refund, called by a PSP. Paths of orderCreate and of reading one order are assumed (docs/decisions.md D1). ' +
        'As Django REST Framework does, leading and trailing whitespace of every string and decimal member of a request is stripped before it is validated ' +
        '(patterns and maxLength apply to the stripped value) and the stripped value is what is stored (docs/decisions.md D11). ' +
        'The /sandbox/ paths are the sandbox\'s own order history and fault injection (docs/decisions.md D12, D13) and its figures at a glance.',
    },
    servers: [{ url: serverUrl }],
    security: [{ tokenAuth: [] }],
    paths: {
      [orderServicePaths.orderCreate()]: {
        post: {
          operationId: 'orderCreate',
          summary: 'Create an order',
          requestBody: { required: true, content: json('OrderCreateRequest') },
          responses: { '201': { description: 'The created order.', content: json('Order') }, ...errors },
        },
      },
      [orderPath]: {
        get: {
          operationId: 'orderRead',
          summary: 'Read one order (assumed operation)',
          parameters: [UUID_PARAM],
          responses: { '200': { description: 'The order.', content: json('Order') }, '401': errors['401'], '404': errors['404'] },
        },
      },
      [refundPath]: {
        post: {
          operationId: 'orderRefund',
          summary: 'Refund an order',
          description: 'Precondition: the order status is `activated`.',
          parameters: [UUID_PARAM],
          requestBody: { required: true, content: json('RefundRequest') },
          responses: {
            '200': { description: 'The updated order.', content: json('Order') },
            ...errors,
            '409': { description: 'The order is not `activated` (code `invalid_status`).', content: json('DetailError') },
          },
        },
      },
      ...sandboxOperations(),
    },
    components: {
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <AUTH_TOKEN>' },
      },
      schemas: {
        Order: jsonSchema(orderSchema, 'output'),
        OrderCreateRequest: jsonSchema(orderCreateRequestSchema, 'input'),
        RefundRequest: jsonSchema(refundRequestSchema, 'input'),
        DetailError: jsonSchema(detailErrorSchema, 'output'),
        ValidationError: { type: 'object', additionalProperties: true },
        OrderEvents: jsonSchema(orderEventsResponseSchema, 'output'),
        FaultRuleRequest: jsonSchema(faultRuleRequestSchema, 'input'),
        FaultRule: jsonSchema(faultRuleSchema, 'output'),
        FaultList: jsonSchema(faultListResponseSchema, 'output'),
        SandboxStats: jsonSchema(sandboxStatsSchema, 'output'),
      },
    },
  };
}
