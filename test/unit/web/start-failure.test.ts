/**
 * The one line a browser shell that could not start prints (issue 28): a busy port is named with
 * the way out, never a raw EADDRINUSE stack.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFailureLine } from '../../../electron/web/start-failure';

describe('startFailureLine', () => {
  it('a port in use: one line naming the port and --port', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const error = await new Promise<unknown>((resolve) => {
      const second = createServer();
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    const line = startFailureLine(error, port, 'start');
    expect(line).toBe(
      `start: port ${port} is already in use: stop what uses it, or choose another with -- --port N`,
    );
    expect(line).not.toContain('\n');
  });

  it('anything else: could not start, with the reason', () => {
    expect(startFailureLine(new Error('disk gone'), 5175, 'kiosk:web')).toBe(
      'kiosk:web: could not start: disk gone',
    );
    expect(startFailureLine(Object.assign(new Error('x'), { code: 'EACCES' }), 80, 'start')).toBe(
      'start: port 80 may not be used by this user: choose another with -- --port N',
    );
  });
});
