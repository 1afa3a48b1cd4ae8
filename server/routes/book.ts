/**
 * POST /book with the Idempotency-Key extension of decisions.md. The key is claimed (in flight)
 * before any work, including the asynchronous e-mail, and completed with the response that a
 * later identical request replays. A 5xx is never stored (the claim is released) and a body
 * that fails validation is answered 400 before any claim.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BookingRequestSchema, IdempotencyKeySchema } from '../../shared/api/schemas';
import type { BookingRequest, BookingResponse } from '../../shared/api/schemas';
import { createBooking } from '../booking/create-booking';
import { setBookingEmailSent } from '../db/bookings';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../db/idempotency';
import { requireBookScope } from '../http/auth';
import { describeZodError, errorBody } from '../http/envelope';
import { confirmationMail } from '../mail/confirmation';
import { sendWithinBudget } from '../mail/mailer';
import type { RouteDeps } from './deps';

interface Outcome {
  status: number;
  body: unknown;
}

/** JSON with sorted object keys, so that key order does not make two bodies differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

async function processBooking(deps: RouteDeps, input: BookingRequest): Promise<Outcome> {
  const outcome = createBooking(deps.db, input, deps.clock(), deps.settings);
  switch (outcome.kind) {
    case 'not_found':
      return { status: 404, body: errorBody('Not found', outcome.error) };
    case 'invalid':
      return { status: 400, body: errorBody('Slot not bookable', outcome.error) };
    case 'taken':
      return { status: 409, body: errorBody('Slot taken', outcome.error) };
    case 'created': {
      const data: BookingResponse = { ...outcome.data, emailSent: await sendConfirmation(deps, outcome.data) };
      return { status: 201, body: { success: true, message: 'Booking created', data } };
    }
  }
}

/**
 * True only when the transport accepted the mail within the budget; a failure or a time-out is
 * logged and never fails the booking.
 */
async function sendConfirmation(deps: RouteDeps, booking: BookingResponse): Promise<boolean> {
  if (!deps.mailer) return false;
  try {
    await sendWithinBudget(deps.mailer, confirmationMail(booking), deps.mailBudgetMs);
    setBookingEmailSent(deps.db, booking.bookingId, true);
    return true;
  } catch (error) {
    // Only the error's code: SMTP messages often quote the recipient's address.
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    deps.log.warn(`confirmation mail for ${booking.appointmentNumber} not sent (${code})`);
    return false;
  }
}

export function registerBookRoute(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;
  app.post('/book', { preHandler: requireBookScope }, async (request, reply): Promise<FastifyReply> => {
    const apiKeyId = request.apiKey?.id;
    if (apiKeyId === undefined) return reply.code(401).send(errorBody('Unauthorized'));
    const header = request.headers['idempotency-key'];
    const key = header === undefined ? undefined : IdempotencyKeySchema.safeParse(header);
    if (key && !key.success) {
      return reply.code(400).send(errorBody('Invalid request', 'Idempotency-Key: expected 1-255 visible ASCII characters'));
    }
    // As with Stripe's keys: a request that fails validation never started, so nothing is recorded.
    const parsed = BookingRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(errorBody('Invalid request', describeZodError(parsed.error, 'body')));
    if (!key) {
      const outcome = await processBooking(deps, parsed.data);
      return reply.code(outcome.status).send(outcome.body);
    }

    const idemKey = key.data;
    const claim = db.transaction((tx) => claimIdempotencyKey(tx, apiKeyId, idemKey, bodyHash(request.body), deps.clock()), {
      behavior: 'immediate',
    });
    switch (claim.kind) {
      case 'in_flight':
        return reply.code(409).send(errorBody('Conflict', 'Idempotency-Key: a request with this key is still being processed'));
      case 'mismatch':
        return reply.code(422).send(errorBody('Unprocessable request', 'Idempotency-Key: already used with a different body'));
      case 'replay':
        return reply.code(claim.statusCode).header('Idempotent-Replayed', 'true').type('application/json').send(claim.response);
      case 'claimed':
        break;
    }
    try {
      const outcome = await processBooking(deps, parsed.data);
      completeIdempotencyKey(db, apiKeyId, idemKey, outcome.status, JSON.stringify(outcome.body));
      return reply.code(outcome.status).send(outcome.body);
    } catch (error) {
      releaseIdempotencyKey(db, apiKeyId, idemKey);
      throw error;
    }
  });
}
