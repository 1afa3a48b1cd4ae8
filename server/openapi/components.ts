/**
 * The document's component schemas: zod 4's JSON Schema output (2020-12, OpenAPI 3.1's
 * dialect) of the shared schemas, plus the reference server's own narrower booking answer.
 */
import { z } from 'zod';
import {
  APPOINTMENT_NUMBER_PATTERN,
  BookingResponseSchema,
  CUSTOMER_NUMBER_PATTERN,
} from '../../shared/api/schemas';
import type { JsonSchema } from './types';

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** What the reference server answers: the shared schema plus its own number formats. */
export const ReferenceBookingResponseSchema = BookingResponseSchema.extend({
  appointmentNumber: z.string().regex(APPOINTMENT_NUMBER_PATTERN),
  customer: BookingResponseSchema.shape.customer.extend({
    customerNumber: z.string().regex(CUSTOMER_NUMBER_PATTERN),
  }),
});
export const ReferenceBookingCreatedEnvelope = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ReferenceBookingResponseSchema,
});

/** Zod's JSON Schema output for each registered schema; registered sub-schemas become $refs. */
export function componentSchemas(
  io: 'input' | 'output',
  schemas: Record<string, z.ZodType>,
): Record<string, JsonSchema> {
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

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
  });
  return rest;
}
