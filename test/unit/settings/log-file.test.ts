import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/platform/log';
import { createRotatingLogFile } from '../../../electron/core/platform/log-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'frontdesk-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the rotating log file', () => {
  it('writes the logger lines verbatim, readable by the app user only', () => {
    const file = createRotatingLogFile(join(dir, 'logs', 'main.log'));
    const log = createLogger('main', {
      level: 'info',
      sink: file.sink,
      now: () => new Date('2026-01-02T03:04:05.000Z'),
    });
    log.info('window ready', { mode: 'kiosk' });
    expect(readFileSync(file.path, 'utf8')).toBe(
      '2026-01-02T03:04:05.000Z INFO main: window ready {"mode":"kiosk"}\n',
    );
    if (process.platform !== 'win32') expect(statSync(file.path).mode & 0o077).toBe(0);
  });

  it('rotates past its size: the old file is kept once, the new one starts small', () => {
    const file = createRotatingLogFile(join(dir, 'main.log'), { maxBytes: 2_000 });
    const log = createLogger('main', { level: 'info', sink: file.sink });
    for (let i = 0; i < 100; i++) log.info(`line ${i}`, { padding: 'x'.repeat(40) });
    expect(existsSync(join(dir, 'main.old.log'))).toBe(true);
    expect(statSync(file.path).size).toBeLessThanOrEqual(2_000 + 200);
    expect(readFileSync(file.path, 'utf8')).toMatch(/line 99/);
    expect(file.recent(300)).toMatch(/^\d{4}-.* INFO main: line \d+/);
  });

  it('never writes a key, an e-mail, a phone number or a customer name', () => {
    const file = createRotatingLogFile(join(dir, 'main.log'));
    const log = createLogger('core', { level: 'debug', sink: file.sink });
    const customer = {
      name: 'Erika Mustermann',
      email: 'erika.mustermann@example.de',
      phone: '+49 30 1234567',
    };
    log.info('booking queued', { localId: 'b-1', customer });
    log.info('settings changed', {
      apiKey: 'sk_live_9f8e7d6c5b4a',
      upstream: 'https://user:pw@api.example.com/?api_key=sk_live_9f8e7d6c5b4a',
    });
    log.warn('upstream answered 422 for erika.mustermann@example.de, phone 030 1234567');
    log.error('request failed', {
      headers: 'Authorization: Bearer sk_live_9f8e7d6c5b4a',
      name: 'Erika Mustermann',
      error: new TypeError('bad'),
    });
    const text = readFileSync(file.path, 'utf8');
    for (const secret of [
      'sk_live_9f8e7d6c5b4a',
      'Erika',
      'Mustermann',
      'erika.mustermann',
      '1234567',
      'user:pw',
    ]) {
      expect(text).not.toContain(secret);
    }
    // What IT needs stays: the event, the booking's local id, the error's type, the upstream host.
    expect(text).toContain('booking queued {"localId":"b-1","customer":"***"}');
    expect(text).toContain('"error":{"name":"TypeError","message":"bad"}');
    expect(text).toContain('api.example.com');
  });
});
