/**
 * The book operation (POST) with the Idempotency-Key extension of decisions.md. A keyed request is looked up,
 * processed and its response recorded (a 201 with emailSent false) in ONE immediate
 * transaction, so a crash at any point leaves either nothing or a booking whose key replays it.
 * The confirmation mail (in the Accept-Language's language, else the shop's) is sent after the commit; while it is pending in this process the key
 * answers 409, and once it is accepted the stored response says emailSent true. A 5xx is never
 * stored (its transaction rolls back) and a body that fails validation is answered 400 before
 * any lookup. The key's fingerprint is taken over the validated request (requestFingerprint).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { apiOperations } from '../../shared/api/operations';
import { IdempotencyKeySchema } from '../../shared/api/schemas';
import type { BookingRequest, BookingResponse } from '../../shared/api/schemas';
import type { LanguageCode } from '../../shared/languages';
import { createBooking, createBookingInTransaction } from '../booking/create-booking';
import type { CreateBookingOutcome } from '../booking/create-booking';
import { setBookingEmailSent } from '../db/bookings';
import {
  lookupIdempotencyKey,
  recordIdempotentResponse,
  updateIdempotentResponse,
} from '../db/idempotency';
import { requireBookScope } from '../http/auth';
import { describeZodError, errorBody } from '../http/envelope';
import { confirmationMail } from '../mail/confirmation';
import { mailLanguage } from '../mail/mail-language';
import { sendWithinBudget } from '../mail/mailer';
import type { RouteDeps } from './deps';
import type { OperationRoute } from './operation-routes';

interface Outcome {
  status: number;
  body: unknown;
}

/** JSON with sorted object keys, so that key order does not make two requests differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The Idempotency-Key fingerprint: over the VALIDATED request (trimmed, unknown fields dropped),
 * never the raw body, so its depth is the schema's and a hostile body cannot reach the
 * recursion (issue 11: 5,000 nested arrays in an extra field overflowed the stack), and two
 * bodies that book the same thing count as the same request.
 */
export function requestFingerprint(request: BookingRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function toOutcome(outcome: CreateBookingOutcome): Outcome {
  switch (outcome.kind) {
    case 'not_found':
      return { status: 404, body: errorBody('Not found', outcome.error) };
    case 'invalid':
      return { status: 400, body: errorBody('Slot not bookable', outcome.error) };
    case 'taken':
      return { status: 409, body: errorBody('Slot taken', outcome.error) };
    case 'created':
      return createdOutcome(outcome.data);
  }
}

function createdOutcome(data: BookingResponse): Outcome {
  return { status: 201, body: { success: true, message: 'Booking created', data } };
}

interface IdempotencyRef {
  apiKeyId: string;
  key: string;
}

/**
 * True only when the transport accepted the mail within the budget; then the booking and the
 * stored idempotent response (if any) say so. A failure or a time-out is logged and never fails
 * the booking.
 */
async function sendConfirmation(
  deps: RouteDeps,
  booking: BookingResponse,
  language: LanguageCode,
  idempotency?: IdempotencyRef,
): Promise<boolean> {
  if (!deps.mailer) return false;
  try {
    await sendWithinBudget(deps.mailer, confirmationMail(booking, language), deps.mailBudgetMs);
    deps.db.transaction((tx) => {
      setBookingEmailSent(tx, booking.bookingId, true);
      if (idempotency) {
        const response = JSON.stringify(createdOutcome({ ...booking, emailSent: true }).body);
        updateIdempotentResponse(tx, idempotency.apiKeyId, idempotency.key, response);
      }
    });
    return true;
  } catch (error) {
    // Only the error's code: SMTP messages often quote the recipient's address.
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    deps.log.warn('confirmation mail not sent', {
      appointmentNumber: booking.appointmentNumber,
      code,
    });
    return false;
  }
}

async function withConfirmation(
  deps: RouteDeps,
  outcome: CreateBookingOutcome,
  language: LanguageCode,
  idempotency?: IdempotencyRef,
): Promise<Outcome> {
  if (outcome.kind !== 'created') return toOutcome(outcome);
  const emailSent = await sendConfirmation(deps, outcome.data, language, idempotency);
  return createdOutcome({ ...outcome.data, emailSent });
}

export function bookRoute(deps: RouteDeps): OperationRoute {
  const { db } = deps;
  /** Keys whose booking committed and whose mail this process is still sending (decisions.md: 409). */
  const mailing = new Set<string>();
  return {
    preHandler: requireBookScope,
    handler: async (request, reply): Promise<FastifyReply> => {
      const apiKeyId = request.apiKey?.id;
      if (apiKeyId === undefined) return reply.code(401).send(errorBody('Unauthorized'));
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? undefined : IdempotencyKeySchema.safeParse(header);
      if (key && !key.success) {
        return reply
          .code(400)
          .send(
            errorBody(
              'Invalid request',
              'Idempotency-Key: expected 1-255 visible ASCII characters',
            ),
          );
      }
      // As with Stripe's keys: a request that fails validation never started, so nothing is recorded.
      const parsed = apiOperations.book.body.safeParse(request.body);
      if (!parsed.success)
        return reply
          .code(400)
          .send(errorBody('Invalid request', describeZodError(parsed.error, 'body')));
      const language = mailLanguage(request.headers['accept-language'], deps.language);
      if (!key) {
        const outcome = await withConfirmation(
          deps,
          createBooking(db, parsed.data, deps.clock(), deps.settings),
          language,
        );
        return reply.code(outcome.status).send(outcome.body);
      }

      const idempotency: IdempotencyRef = { apiKeyId, key: key.data };
      const mailingId = JSON.stringify([apiKeyId, key.data]);
      if (mailing.has(mailingId)) return inFlight(reply);
      const hash = requestFingerprint(parsed.data);
      const now = deps.clock();
      const result = db.transaction(
        (tx) => {
          const found = lookupIdempotencyKey(tx, apiKeyId, key.data, hash, now);
          if (found.kind !== 'absent') return found;
          const created = createBookingInTransaction(db, parsed.data, now, deps.settings);
          const stored = toOutcome(created);
          recordIdempotentResponse(tx, {
            ...idempotency,
            bodyHash: hash,
            statusCode: stored.status,
            response: JSON.stringify(stored.body),
            now,
          });
          return { kind: 'processed' as const, created };
        },
        { behavior: 'immediate' },
      );
      switch (result.kind) {
        case 'in_flight':
          return inFlight(reply);
        case 'mismatch':
          return reply
            .code(422)
            .send(
              errorBody(
                'Unprocessable request',
                'Idempotency-Key: already used with a different body',
              ),
            );
        case 'replay':
          return reply
            .code(result.statusCode)
            .header('Idempotent-Replayed', 'true')
            .type('application/json')
            .send(result.response);
        case 'processed':
          break;
      }
      // Added in the same synchronous turn as the commit, so no request can see the key between.
      mailing.add(mailingId);
      try {
        const outcome = await withConfirmation(deps, result.created, language, idempotency);
        return reply.code(outcome.status).send(outcome.body);
      } finally {
        mailing.delete(mailingId);
      }
    },
  };
}

function inFlight(reply: FastifyReply): FastifyReply {
  return reply
    .code(409)
    .send(
      errorBody('Conflict', 'Idempotency-Key: a request with this key is still being processed'),
    );
}
