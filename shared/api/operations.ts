/**
 * The Public Booking API's operations, one row each (STYLE.md §21): method, path below
 * API_PREFIX, the schemas of the query and the body, and the schema of the success answer.
 * The kiosk's upstream client, the reference server's routes and its OpenAPI document read
 * them from here, so a path is written once; the mirror's plan says how it keeps each one
 * (electron/core/mirror/plan.ts, held to this table by test/unit/core/mirror-plan.test.ts).
 */
import type { z } from 'zod';
import {
  AvailabilityQuerySchema,
  AvailableDaysEnvelope,
  AvailableDaysQuerySchema,
  BookingCreatedEnvelope,
  BookingRequestSchema,
  EmployeesEnvelope,
  ServicesEnvelope,
  TimeSlotsEnvelope,
} from './schemas';

interface ApiOperation {
  method: 'GET' | 'POST';
  /** Below API_PREFIX. */
  path: `/${string}`;
  /** The query parameters (they arrive as strings: the schema coerces); null: none. */
  query: z.ZodObject | null;
  /** The JSON body; null: none. */
  body: z.ZodType | null;
  /** The success envelope, `{ success: true, data }`. */
  response: z.ZodType<{ data: unknown }>;
}

export const apiOperations = {
  getServices: {
    method: 'GET',
    path: '/services',
    query: null,
    body: null,
    response: ServicesEnvelope,
  },
  getEmployees: {
    method: 'GET',
    path: '/employees',
    query: null,
    body: null,
    response: EmployeesEnvelope,
  },
  getAvailableDays: {
    method: 'GET',
    path: '/available-days',
    query: AvailableDaysQuerySchema,
    body: null,
    response: AvailableDaysEnvelope,
  },
  getTimeSlots: {
    method: 'GET',
    path: '/availability',
    query: AvailabilityQuerySchema,
    body: null,
    response: TimeSlotsEnvelope,
  },
  book: {
    method: 'POST',
    path: '/book',
    query: null,
    body: BookingRequestSchema,
    response: BookingCreatedEnvelope,
  },
} as const satisfies Record<string, ApiOperation>;

type ApiOperations = typeof apiOperations;
export type ApiOperationName = keyof ApiOperations;

/** The operations in the table's order. */
export const apiOperationNames = Object.keys(apiOperations) as ApiOperationName[];

/** What a successful answer of the operation carries (its envelope's `data`). */
export type ApiData<N extends ApiOperationName> = z.output<ApiOperations[N]['response']>['data'];

/** The operation's query parameters, as the server has parsed them. */
export type ApiQuery<N extends ApiOperationName> = ApiOperations[N]['query'] extends z.ZodObject
  ? z.output<ApiOperations[N]['query']>
  : never;

/** The operation's body, as the server has parsed it. */
export type ApiBody<N extends ApiOperationName> = ApiOperations[N]['body'] extends z.ZodType
  ? z.output<ApiOperations[N]['body']>
  : never;
