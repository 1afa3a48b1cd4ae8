/**
 * The OpenAPI 3.1 document of the reference server, generated from the shared zod schemas with
 * zod 4's JSON Schema output (JSON Schema 2020-12, OpenAPI 3.1's dialect), and its operations
 * (method, path, query, body, success answer) from the API's table (shared/api/operations.ts),
 * so the document cannot drift from what the server validates and the kiosk parses. Operations, parameters,
 * statuses and headers follow public-booking-api.md and decisions.md; the conformance tests
 * validate every response the server tests receive against this document.
 */
import type { z } from 'zod';
import { apiOperationNames, apiOperations } from '../../shared/api/operations';
import {
  API_PREFIX,
  AvailableDaysSchema,
  EmployeeSchema,
  ErrorEnvelopeSchema,
  RateLimitBodySchema,
  ServiceSchema,
  TimeSlotsSchema,
} from '../../shared/api/schemas';
import { BODY_LIMITS } from '../http/json-body';
import { componentSchemas, ReferenceBookingResponseSchema } from './components';
import { operationTexts } from './operation-texts';
import { pathItem } from './paths';
import type { OpenApiDocument } from './types';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = '/docs';
/** Version of this document (the API itself has no version, spec section 9). */
const DOCUMENT_VERSION = '1.0.0';

export function buildOpenApiDocument(): OpenApiDocument {
  const texts = operationTexts();
  const envelopes: Record<string, z.ZodType> = {};
  const bodies: Record<string, z.ZodType> = {};
  for (const name of apiOperationNames) {
    const { success, body } = texts[name];
    envelopes[success.component] = success.schema ?? apiOperations[name].response;
    const bodySchema = apiOperations[name].body;
    if (body !== null && bodySchema !== null) bodies[body] = bodySchema;
  }
  const schemas = {
    ...componentSchemas('output', {
      Service: ServiceSchema,
      Employee: EmployeeSchema,
      AvailableDays: AvailableDaysSchema,
      TimeSlots: TimeSlotsSchema,
      BookingResponse: ReferenceBookingResponseSchema,
      ...envelopes,
      ErrorEnvelope: ErrorEnvelopeSchema,
      RateLimitBody: RateLimitBodySchema,
    }),
    ...componentSchemas('input', bodies),
  };

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
    paths: Object.assign(
      {},
      ...apiOperationNames.map((name) => pathItem(name, texts[name])),
    ) as OpenApiDocument['paths'],
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: `Authorization: Bearer <key>`.',
        },
      },
    },
  };
}
