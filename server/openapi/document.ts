/**
 * The OpenAPI 3.1 document of the reference server, generated from the shared zod schemas with
 * zod 4's JSON Schema output (JSON Schema 2020-12, OpenAPI 3.1's dialect), so the document
 * cannot drift from what the server validates and the kiosk parses. Operations, parameters,
 * statuses and headers follow public-booking-api.md and decisions.md; the conformance tests
 * validate every response the server tests receive against this document.
 */
import { z } from 'zod';
import {
  API_PREFIX,
  APPOINTMENT_NUMBER_PATTERN,
  AvailabilityQuerySchema,
  AvailableDaysEnvelope,
  AvailableDaysQuerySchema,
  AvailableDaysSchema,
  BookingRequestSchema,
  BookingResponseSchema,
  CUSTOMER_NUMBER_PATTERN,
  EmployeeSchema,
  EmployeesEnvelope,
  ErrorEnvelopeSchema,
  IdempotencyKeySchema,
  RateLimitBodySchema,
  ServiceSchema,
  ServicesEnvelope,
  TimeSlotsEnvelope,
  TimeSlotsSchema,
} from '../../shared/api/schemas';
import { BODY_LIMITS } from '../http/json-body';
import { HTTP_TIMEOUTS } from '../http/timeouts';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = '/docs';
/** Version of this document (the API itself has no version, spec section 9). */
const DOCUMENT_VERSION = '1.0.0';

/**
 * The parts of OpenAPI 3.1 this document uses (openapi-types' 3.1 types reject valid 3.1
 * schemas such as `const`). Its structure is checked by @apidevtools/swagger-parser in the tests.
 */
export type JsonSchema = Record<string, unknown>;
interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, { schema: JsonSchema }>;
}
type Responses = Record<string, Response>;
interface Parameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}
interface Operation {
  summary: string;
  description: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Responses;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** What the reference server answers: the shared schema plus its own number formats. */
const ReferenceBookingResponseSchema = BookingResponseSchema.extend({
  appointmentNumber: z.string().regex(APPOINTMENT_NUMBER_PATTERN),
  customer: BookingResponseSchema.shape.customer.extend({
    customerNumber: z.string().regex(CUSTOMER_NUMBER_PATTERN),
  }),
});
const ReferenceBookingCreatedEnvelope = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ReferenceBookingResponseSchema,
});

/** Zod's JSON Schema output for each registered schema; registered sub-schemas become $refs. */
function componentSchemas(io: 'input' | 'output', schemas: Record<string, z.ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const result: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    // `$id`/`$schema` belong to standalone schemas, not to components of one document.
    const { $id: _id, $schema: _schema, ...rest } = schema;
    result[id] = rest;
  }
  return result;
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' });
  return rest;
}

const PARAMETER_NOTES: Record<string, string> = {
  year: 'Year, e.g. 2026.',
  month: 'Month, 1-12.',
  date: 'Date, YYYY-MM-DD, in the business time zone.',
  serviceId: 'Service id.',
  employeeId: 'Employee id; the literal `any` (or no value) means all employees.',
};

/** Query parameters from a query schema: the parsed value's type (decoded from the URL string). */
function queryParameters(schema: z.ZodObject): Parameter[] {
  const json = jsonSchemaOf(schema, 'output');
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query' as const,
    required: required.has(name),
    description: PARAMETER_NOTES[name] ?? name,
    schema: property,
  }));
}

const integerHeader = (description: string): Header => ({
  description,
  schema: { type: 'integer', minimum: 0 },
});

const HEADERS: Record<string, Header> = {
  'X-RateLimit-Limit': integerHeader('Requests allowed in the window with the fewest requests left (minute or UTC day).'),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window.'),
  'X-RateLimit-Reset': integerHeader('Unix time in seconds at which that window resets.'),
  'Retry-After': { description: 'Whole seconds (>= 1) until a request may be sent again; as `retryAfter`.', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', const: 'Bearer' } },
  'Idempotent-Replayed': { description: 'Present (`true`) when the answer replays the first answer to this Idempotency-Key.', schema: { type: 'string', const: 'true' } },
};

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/**
 * `required`: on every answer after the key was accepted; `optional`: an answer that may come
 * before the key was checked (a request the HTTP layer could not read).
 */
function headers(rate: 'required' | 'optional' | 'none', extra: Record<string, boolean> = {}) {
  const result: Record<string, Header> = {};
  const wanted: Record<string, boolean> = {};
  if (rate !== 'none') for (const name of RATE_HEADERS) wanted[name] = rate === 'required';
  Object.assign(wanted, extra);
  for (const [name, required] of Object.entries(wanted)) {
    const header = HEADERS[name];
    // `required` lives on the Header Object, so the headers are inlined rather than referenced.
    if (header) result[name] = { ...header, required };
  }
  return result;
}

function json(description: string, schemaName: string, headerObjects: ReturnType<typeof headers>): Response {
  return { description, headers: headerObjects, content: { 'application/json': { schema: ref(schemaName) } } };
}

const error = (description: string, rate: 'required' | 'optional' | 'none', extra: Record<string, boolean> = {}) =>
  json(description, 'ErrorEnvelope', headers(rate, extra));

/** Answers every operation can give. */
function commonResponses(): Responses {
  return {
    '400': error('Invalid request: `error` names the field or parameter (e.g. `customer.email`) or says why the body could not be read (not JSON, nested too deep).', 'optional'),
    '401': error('Missing, malformed, unknown or revoked API key.', 'none', { 'WWW-Authenticate': true }),
    '408': error(`The request did not arrive completely within ${HTTP_TIMEOUTS.requestMs / 1000} s; the connection is closed.`, 'none'),
    '413': error(`Body larger than ${BODY_LIMITS.bytes} bytes.`, 'optional'),
    '431': error('Request headers too large; the connection is closed.', 'none'),
    '429': json('Rate limit exceeded (the request was not counted).', 'RateLimitBody', headers('required', { 'Retry-After': true })),
    '500': error('Unexpected failure; never a stack trace.', 'optional'),
  };
}

function operation(
  summary: string,
  description: string,
  responses: Responses,
  extra: Pick<Operation, 'parameters' | 'requestBody'> = {},
): Operation {
  return { summary, description, tags: ['booking'], ...extra, responses: { ...responses, ...commonResponses() } };
}

const notFound = error('Unknown, disabled or deleted `serviceId` or `employeeId`: `error` names which.', 'required');

export function buildOpenApiDocument(): OpenApiDocument {
  const schemas = {
    ...componentSchemas('output', {
      Service: ServiceSchema,
      Employee: EmployeeSchema,
      AvailableDays: AvailableDaysSchema,
      TimeSlots: TimeSlotsSchema,
      BookingResponse: ReferenceBookingResponseSchema,
      ServicesEnvelope,
      EmployeesEnvelope,
      AvailableDaysEnvelope,
      TimeSlotsEnvelope,
      BookingCreatedEnvelope: ReferenceBookingCreatedEnvelope,
      ErrorEnvelope: ErrorEnvelopeSchema,
      RateLimitBody: RateLimitBodySchema,
    }),
    ...componentSchemas('input', { BookingRequest: BookingRequestSchema }),
  };
  const ok = (description: string, schemaName: string) => json(description, schemaName, headers('required'));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Frontdesk reference Public Booking API',
      version: DOCUMENT_VERSION,
      description:
        'The reference server of the Public Booking API (public-booking-api.md with decisions.md). ' +
        'Every operation needs `Authorization: Bearer <API key>`: use **Authorize** above, then **Try it out**. ' +
        'Limits per key: a clock minute and a UTC day (`X-RateLimit-*` describe the window with the fewest requests left). ' +
        `JSON bodies: at most ${BODY_LIMITS.bytes} bytes and ${BODY_LIMITS.depth} levels of nesting.`,
    },
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'booking', description: 'Services, employees, availability and bookings.' }],
    paths: {
      [`${API_PREFIX}/services`]: {
        get: operation('List bookable services', 'Enabled and not deleted, ordered by sortOrder, then title.', {
          '200': ok('The services.', 'ServicesEnvelope'),
        }),
      },
      [`${API_PREFIX}/employees`]: {
        get: operation('List bookable employees', 'Ordered by name.', { '200': ok('The employees.', 'EmployeesEnvelope') }),
      },
      [`${API_PREFIX}/available-days`]: {
        get: operation(
          'Available days of a month',
          'Days with at least one free slot. Months before the current one or beyond the booking horizon give an empty list.',
          { '200': ok('The available days.', 'AvailableDaysEnvelope'), '404': notFound },
          { parameters: queryParameters(AvailableDaysQuerySchema) },
        ),
      },
      [`${API_PREFIX}/availability`]: {
        get: operation(
          'Time slots of a date',
          'Slots on the grid inside working hours; an available slot names a free employee to book.',
          { '200': ok('The slots of the day.', 'TimeSlotsEnvelope'), '404': notFound },
          { parameters: queryParameters(AvailabilityQuerySchema) },
        ),
      },
      [`${API_PREFIX}/book`]: {
        post: operation(
          'Create a booking',
          'Creates the booking (status `pending`) and, for a new e-mail, the customer. For a known e-mail the ' +
            'response carries the name and e-mail as submitted, never the stored customer\'s. Strings are trimmed; ' +
            'unknown fields are ignored.',
          {
            '201': json('Booking created.', 'BookingCreatedEnvelope', headers('required', { 'Idempotent-Replayed': false })),
            '403': error('The API key may only read.', 'required'),
            '404': error('Unknown, disabled or deleted `serviceId` or `employeeId`: `error` names which.', 'required', { 'Idempotent-Replayed': false }),
            '409': error('The slot is taken now, or a request with this Idempotency-Key is still being processed.', 'required', { 'Idempotent-Replayed': false }),
            '422': error('This Idempotency-Key was used with a different request.', 'required'),
          },
          {
            parameters: [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'Within 24 h the same key with the same request answers the first response again (same status and bookingId) and creates nothing.',
                schema: jsonSchemaOf(IdempotencyKeySchema, 'input'),
              },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: ref('BookingRequest') } } },
          },
        ),
      },
    },
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`.' },
      },
    },
  };
}
