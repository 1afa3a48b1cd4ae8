/**
 * What the document says of each operation of the API's table (shared/api/operations.ts)
 * beyond its method, path, query and schemas, as public-booking-api.md and decisions.md
 * describe it.
 */
import type { z } from 'zod';
import type { ApiOperationName } from '../../shared/api/operations';
import { IdempotencyKeySchema } from '../../shared/api/schemas';
import { jsonSchemaOf, ReferenceBookingCreatedEnvelope } from './components';
import { error } from './responses';
import type { Parameter, Responses } from './types';

const notFound = error(
  'Unknown, disabled or deleted `serviceId` or `employeeId`: `error` names which.',
  'required',
);

/**
 * What the document says of an operation beyond the table's method, path, query and schemas:
 * its words, the component names its body and success envelope are published under, and the
 * answers it gives besides the success and the common ones.
 */
export interface OperationText {
  summary: string;
  description: string;
  success: {
    status: '200' | '201';
    description: string;
    component: string;
    /** The reference server's own, narrower schema, when it is not the table's. */
    schema?: z.ZodType;
    /** The answer may replay an earlier one (`Idempotent-Replayed`). */
    replayable?: boolean;
  };
  /** The component the body is published under; null for an operation without a body. */
  body: string | null;
  headers?: Parameter[];
  responses?: Responses;
}

export function operationTexts(): Record<ApiOperationName, OperationText> {
  return {
    getServices: {
      summary: 'List bookable services',
      description: 'Enabled and not deleted, ordered by sortOrder, then title.',
      success: { status: '200', description: 'The services.', component: 'ServicesEnvelope' },
      body: null,
    },
    getEmployees: {
      summary: 'List bookable employees',
      description: 'Ordered by name.',
      success: { status: '200', description: 'The employees.', component: 'EmployeesEnvelope' },
      body: null,
    },
    getAvailableDays: {
      summary: 'Available days of a month',
      description:
        'Days with at least one free slot. Months before the current one or beyond the booking horizon give an empty list.',
      success: {
        status: '200',
        description: 'The available days.',
        component: 'AvailableDaysEnvelope',
      },
      body: null,
      responses: { '404': notFound },
    },
    getTimeSlots: {
      summary: 'Time slots of a date',
      description:
        'Slots on the grid inside working hours; an available slot names a free employee to book.',
      success: {
        status: '200',
        description: 'The slots of the day.',
        component: 'TimeSlotsEnvelope',
      },
      body: null,
      responses: { '404': notFound },
    },
    book: {
      summary: 'Create a booking',
      description:
        'Creates the booking (status `pending`) and, for a new e-mail, the customer. For a known e-mail the ' +
        "response carries the name and e-mail as submitted, never the stored customer's. Strings are trimmed; " +
        'unknown fields are ignored.',
      success: {
        status: '201',
        description: 'Booking created.',
        component: 'BookingCreatedEnvelope',
        schema: ReferenceBookingCreatedEnvelope,
        replayable: true,
      },
      body: 'BookingRequest',
      headers: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Within 24 h the same key with the same request answers the first response again (same status and bookingId) and creates nothing.',
          schema: jsonSchemaOf(IdempotencyKeySchema, 'input'),
        },
      ],
      responses: {
        '403': error('The API key may only read.', 'required'),
        '404': error(
          'Unknown, disabled or deleted `serviceId` or `employeeId`: `error` names which.',
          'required',
          { 'Idempotent-Replayed': false },
        ),
        '409': error(
          'The slot is taken now, or a request with this Idempotency-Key is still being processed.',
          'required',
          { 'Idempotent-Replayed': false },
        ),
        '422': error('This Idempotency-Key was used with a different request.', 'required'),
      },
    },
  };
}
