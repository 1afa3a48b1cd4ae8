/**
 * Errors Node's HTTP parser raises before Fastify sees a request (the request or header time
 * limit, oversized headers, a malformed request): answered with the JSON envelope of spec 7.2,
 * then the connection is closed, as Fastify's default handler does.
 */
import type { Socket } from 'node:net';
import { errorBody } from './envelope';
import type { HttpTimeouts } from '../../shared/http-timeouts';

export function clientErrorAnswer(timeouts: HttpTimeouts) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, body] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [
            408,
            'Request Timeout',
            errorBody(
              'Request timeout',
              `the request did not arrive within ${timeouts.requestMs / 1000} s`,
            ),
          ]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', errorBody('Request header fields too large')]
          : [400, 'Bad Request', errorBody('Invalid request', 'the request could not be read')];
    const text = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy(error);
  };
}
