/**
 * An in-memory `UpstreamClient` for unit tests of what sits on top of the client (send path,
 * replayer, slot check): the operations a test gives answer as it says, any other is a test
 * error (it rejects), and `close` does nothing.
 */
import type { UpstreamClient } from '../../../electron/core/upstream/client';

export function upstreamDouble(answers: Partial<Omit<UpstreamClient, 'close'>>): UpstreamClient {
  const unused = () => Promise.reject(new Error('not used by this test'));
  return {
    getServices: unused,
    getEmployees: unused,
    getAvailableDays: unused,
    getTimeSlots: unused,
    book: unused,
    close: () => Promise.resolve(),
    ...answers,
  };
}
