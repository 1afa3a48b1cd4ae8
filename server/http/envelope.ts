/** The JSON envelopes of spec section 7.2 and the 400 text built from a zod error. */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { issuePath } from '../../shared/api/schemas';
import type { ErrorEnvelope } from '../../shared/api/schemas';

export function errorBody(message: string, error?: string): ErrorEnvelope {
  return error === undefined ? { success: false, message } : { success: false, message, error };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  error?: string,
): FastifyReply {
  return reply.code(status).send(errorBody(message, error));
}

/** `customer.email: Invalid email address`: the field path first, then why. */
export function describeZodError(error: z.ZodError, root: string): string {
  const path = issuePath(error) || root;
  const reason = error.issues[0]?.message ?? 'invalid';
  return `${path}: ${reason}`;
}

export function sendInvalid(reply: FastifyReply, error: z.ZodError, root: string): FastifyReply {
  return sendError(reply, 400, 'Invalid request', describeZodError(error, root));
}
