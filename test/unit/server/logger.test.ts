/**
 * The reference server logs through the kiosk's logger (shared/log.ts): the same line, the
 * same redaction, the same FRONTDESK_LOG_LEVEL; info lines only under --log.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerLogger } from '../../../server/logger';

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('createServerLogger', () => {
  it("writes the kiosk's line on stderr, an error's message redacted", () => {
    vi.stubEnv('FRONTDESK_LOG_LEVEL', 'info');
    const log = createServerLogger(false);
    log.info('left out without --log');
    log.warn('confirmation mail not sent', { appointmentNumber: 'A-1', code: 'ECONNREFUSED' });
    log.error('unexpected failure', { error: new Error('mail to erika@example.de refused') });
    expect(lines).toEqual([
      expect.stringMatching(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z WARN server: confirmation mail not sent {"appointmentNumber":"A-1","code":"ECONNREFUSED"}\n$/,
      ),
      expect.stringMatching(
        / ERROR server: unexpected failure {"error":{"name":"Error","message":"mail to \*\*\*@\*\*\* refused"}}\n$/,
      ),
    ]);
  });

  it('writes info lines under --log, and follows FRONTDESK_LOG_LEVEL', () => {
    vi.stubEnv('FRONTDESK_LOG_LEVEL', 'info');
    createServerLogger(true).info('listening');
    expect(lines).toEqual([expect.stringMatching(/ INFO server: listening\n$/)]);

    vi.stubEnv('FRONTDESK_LOG_LEVEL', 'error');
    createServerLogger(true).warn('hidden');
    vi.stubEnv('FRONTDESK_LOG_LEVEL', 'silent');
    createServerLogger(true).error('hidden too');
    expect(lines).toHaveLength(1);
  });
});
