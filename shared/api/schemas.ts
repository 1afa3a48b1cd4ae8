/**
 * The Public Booking API contract as zod schemas (spec sections 2 and 7, limits from
 * decisions.md). Types are inferred from these, never written twice. The reference server
 * validates its input with them; the kiosk parses every upstream response with them.
 */
import { z } from 'zod';

export const API_PREFIX = '/api/public/booking';

/** `YYYY-MM-DD` that names a real calendar day. */
export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(isCalendarDate, 'not a calendar date');

/** `HH:mm`, 00:00 to 23:59. */
export const TimeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm');

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const DurationUnit = z.enum(['minutes', 'hours']);

export const ServiceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  pricing: z.object({
    price: z.number(),
    currency: z.string(),
    taxRate: z.number(),
  }),
  duration: z.object({
    value: z.number(),
    unit: DurationUnit,
  }),
  features: z.array(z.string()),
  enabled: z.boolean(),
  sortOrder: z.number(),
});
export type Service = z.infer<typeof ServiceSchema>;

export const EmployeeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  available: z.boolean(),
});
export type Employee = z.infer<typeof EmployeeSchema>;

export const AvailableDaysSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  availableDays: z.array(z.number().int().min(1).max(31)),
  totalDays: z.number().int().min(0),
});
export type AvailableDays = z.infer<typeof AvailableDaysSchema>;

export const TimeSlotSchema = z.object({
  time: TimeString,
  available: z.boolean(),
  employeeId: z.string().optional(),
  employeeName: z.string().optional(),
  reason: z.string().optional(),
});
export type TimeSlot = z.infer<typeof TimeSlotSchema>;

export const TimeSlotsSchema = z.object({
  date: DateString,
  timeSlots: z.array(TimeSlotSchema),
});
export type TimeSlots = z.infer<typeof TimeSlotsSchema>;

/** Field limits of decisions.md; strings are trimmed before they are checked. */
export const LIMITS = {
  nameMax: 200,
  emailMax: 254,
  phoneMin: 3,
  phoneMax: 40,
  notesMax: 1000,
  idMax: 100,
} as const;

const Id = z.string().trim().min(1).max(LIMITS.idMax);

export const CustomerSchema = z.object({
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  email: z.string().trim().max(LIMITS.emailMax).pipe(z.email()),
  phone: z
    .string()
    .trim()
    .min(LIMITS.phoneMin)
    .max(LIMITS.phoneMax)
    .regex(/^[0-9 +()\-/]+$/, 'digits, spaces and +()-/ only'),
});

export const BookingRequestSchema = z.object({
  serviceId: Id,
  employeeId: Id,
  date: DateString,
  time: TimeString,
  customer: CustomerSchema,
  notes: z.string().trim().max(LIMITS.notesMax).optional(),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

/**
 * The reference server's number formats (decisions.md). The kiosk does not require them of a
 * remote (a remote may choose differently); the reference server's OpenAPI document does.
 */
export const APPOINTMENT_NUMBER_PATTERN = /^[A-Z]-\d{6,}$/;
export const CUSTOMER_NUMBER_PATTERN = /^[A-Z]{1,4}-\d{5,}$/;

export const BookingStatus = z.enum(['pending', 'confirmed', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const BookingResponseSchema = z.object({
  bookingId: z.string(),
  appointmentNumber: z.string(),
  service: z.object({ title: z.string(), duration: z.number() }),
  employee: z.object({ name: z.string(), email: z.string() }),
  appointment: z.object({ date: DateString, time: TimeString, endTime: TimeString }),
  customer: z.object({ name: z.string(), email: z.string(), customerNumber: z.string() }),
  status: BookingStatus,
  emailSent: z.boolean(),
});
export type BookingResponse = z.infer<typeof BookingResponseSchema>;

/** Success envelope: `{ success: true, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ServicesEnvelope = successEnvelope(z.array(ServiceSchema));
export const EmployeesEnvelope = successEnvelope(z.array(EmployeeSchema));
export const AvailableDaysEnvelope = successEnvelope(AvailableDaysSchema);
export const TimeSlotsEnvelope = successEnvelope(TimeSlotsSchema);
export const BookingCreatedEnvelope = z.object({
  success: z.literal(true),
  message: z.string(),
  data: BookingResponseSchema,
});

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const RateLimitBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  retryAfter: z.number(),
});

/** Query parameters arrive as strings; these coerce and check them (server side). */
export const AvailableDaysQuerySchema = z.object({
  year: z.coerce.number().int().min(1970).max(9999),
  month: z.coerce.number().int().min(1).max(12),
  serviceId: Id.optional(),
  employeeId: Id.optional(),
});

export const AvailabilityQuerySchema = z.object({
  date: DateString,
  serviceId: Id,
  employeeId: Id.optional(),
});

/** `Idempotency-Key`: 1-255 visible ASCII characters (decisions.md). */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** `customer.email` style path of the first zod issue, for the 400 `error` text. */
export function issuePath(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '';
  return issue.path.map(String).join('.');
}
