/**
 * The server's own lines go where its starter says: the kiosk's embedded server writes its
 * warnings into the kiosk's log (one place for IT), not on stderr.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../shared/log';
import { API_PREFIX } from '../../../shared/api/schemas';
import type { Mailer } from '../../../server/mail/mailer';
import { BOOK_KEY, demoBooking, startTestServer } from '../../support/server/harness';

afterEach(() => vi.restoreAllMocks());

const refusingMailer: Mailer = {
  send: () => Promise.reject(Object.assign(new Error('relay refused'), { code: 'EENVELOPE' })),
  close: () => undefined,
};

describe("the server's logger", () => {
  it("writes a booking's failed confirmation mail to the logger it was given, not stderr", async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const lines: string[] = [];
    const server = await startTestServer({
      mailer: refusingMailer,
      logger: createLogger('core:upstream', { level: 'info', sink: (line) => lines.push(line) }),
    });
    try {
      const response = await fetch(`${server.url}${API_PREFIX}/book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BOOK_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(demoBooking()),
      });
      expect(response.status).toBe(201);
      expect(lines).toEqual([
        expect.stringMatching(
          / WARN core:upstream: confirmation mail not sent {.*"code":"EENVELOPE"/,
        ),
      ]);
      expect(lines.join('\n')).not.toContain('erika@example.com');
      expect(stderr.mock.calls.map(([chunk]) => String(chunk)).join('')).not.toContain(
        'confirmation mail not sent',
      );
    } finally {
      await server.close();
    }
  });
});
