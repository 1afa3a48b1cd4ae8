/**
 * Issue 11: the browser shell closes slow or unfinished requests within 30 s, and idle
 * keep-alive connections after a few seconds (raw sockets against the real shell on 127.0.0.1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebShell } from '../../../electron/web/web-shell';
import type { WebShell } from '../../../electron/web/web-shell';
import { HTTP_TIMEOUTS } from '../../../shared/http-timeouts';
import { parseHttpResponse, slowClient } from '../../support/slow-client';
import { createKioskApiDouble, shellOptions } from '../../unit/web/kiosk-api-double';

const TOKEN = 'slow-client-token-0123456789';

let shell: WebShell;
beforeAll(async () => {
  shell = await startWebShell(shellOptions(createKioskApiDouble(), TOKEN));
});
afterAll(async () => {
  await shell.close();
});

describe('browser shell time limits', () => {
  it('closes unfinished headers, an unfinished body, a trickle and an idle keep-alive connection within 30 s', async () => {
    const host = `Host: 127.0.0.1:${shell.port}\r\n`;
    const auth = `Authorization: Bearer ${TOKEN}\r\n`;
    const [headers, body, trickle, idle] = await Promise.all([
      slowClient(shell.port, { first: `GET / HTTP/1.1\r\n${host}` }),
      slowClient(shell.port, {
        first: `POST /api/kiosk/listServices HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      }),
      slowClient(shell.port, {
        first: `GET / HTTP/1.1\r\n${host}`,
        trickle: { piece: 'X-Slow: 1\r\n', everyMs: 1000 },
      }),
      slowClient(shell.port, { first: `GET / HTTP/1.1\r\n${host}\r\n` }),
    ]);
    for (const result of [headers, body, trickle, idle])
      expect(result.closedAfterMs).toBeLessThan(30_000);
    for (const result of [headers, body, trickle]) {
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.requestMs - 100);
      expect(parseHttpResponse(result.received)?.status).toBe(408);
    }
    expect(parseHttpResponse(idle.received)?.status).toBe(200);
    expect(idle.closedAfterMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.keepAliveMs - 100);
  });
});
