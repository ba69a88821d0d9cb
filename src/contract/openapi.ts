import { z } from 'zod';
import { orderServicePaths } from './paths.ts';
import { orderCreateRequestSchema, orderSchema, refundRequestSchema } from './schemas.ts';

// decisions.md D8: the interface as OpenAPI 3.1, generated from the same schemas the console and the
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

export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const orderPath = orderServicePaths.orderRead('{orderUuid}').replace(encodeURIComponent('{orderUuid}'), '{orderUuid}');
  const refundPath = orderServicePaths.orderRefund('{orderUuid}').replace(encodeURIComponent('{orderUuid}'), '{orderUuid}');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order Service partner interface',
      version: 'v2',
      description:
        'Order creation and refund, called by a PSP. Paths of orderCreate and of reading one order are assumed (decisions.md D1).',
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
      },
    },
  };
}
