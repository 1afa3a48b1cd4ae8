/**
 * The data folder and its private files (databases with customers' data, WAL and SHM, the key
 * file) are owner-only after the core starts, also when they existed with wider modes.
 */
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { secureDataFolder } from '../../../electron/core/platform/data-folder';
import { createLogger } from '../../../electron/core/platform/log';
import { makeTempDir, startCore } from '../../support/core/harness';

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCoreInternals | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-modes-');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await core?.close();
  core = null;
  vi.restoreAllMocks();
  temp.remove();
});

describe.skipIf(process.platform === 'win32')('data folder modes', () => {
  it('tightens a 0755 folder, a 0644 kiosk.db, embedded server db and key file, with one warning naming the paths', async () => {
    const dataDir = join(temp.dir, 'kiosk');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    for (const name of ['kiosk.db', 'embedded-server.db', 'api-key.secret']) {
      writeFileSync(join(dataDir, name), name === 'api-key.secret' ? 'secret-key-value' : '');
      chmodSync(join(dataDir, name), 0o644);
    }
    writeFileSync(join(dataDir, 'notes.txt'), 'not ours to change');
    chmodSync(join(dataDir, 'notes.txt'), 0o644);
    const stderr: string[] = [];
    vi.stubEnv('FRONTDESK_LOG_LEVEL', 'warn'); // the test run logs errors only (vitest.config.ts)
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });

    core = await startCore(dataDir, 'unused', { upstreamUrl: null });
    await core.api.getCatalog({}); // the embedded server answers from its (now private) db

    expect(mode(dataDir)).toBe('700');
    for (const name of [
      'kiosk.db',
      'kiosk.db-wal',
      'kiosk.db-shm',
      'embedded-server.db',
      'embedded-server.db-wal',
      'embedded-server.db-shm',
      'api-key.secret',
    ]) {
      expect([name, mode(join(dataDir, name))]).toEqual([name, '600']);
    }
    expect(mode(join(dataDir, 'notes.txt'))).toBe('644');
    const warnings = stderr.filter((line) => line.includes('now owner-only'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(join(dataDir, 'kiosk.db'));
    expect(warnings[0]).toContain(join(dataDir, 'api-key.secret'));
    expect(stderr.join('')).not.toContain('secret-key-value');
  });

  it('creates a new folder 0700 with kiosk.db, its WAL and SHM and the identity marker 0600, without a warning', async () => {
    const dataDir = join(temp.dir, 'fresh', 'kiosk');
    const lines: string[] = [];
    expect(
      secureDataFolder(dataDir, { log: createLogger('t', { sink: (l) => lines.push(l) }) }),
    ).toEqual([]);
    core = await startCore(dataDir, 'http://127.0.0.1:9');
    expect(mode(dataDir)).toBe('700');
    for (const name of ['kiosk.db', 'kiosk.db-wal', 'kiosk.db-shm', 'kiosk-identity.json'])
      expect([name, mode(join(dataDir, name))]).toEqual([name, '600']);
    expect(lines).toEqual([]);
  });

  it('changes nothing on Windows (modes mean nothing there) and does not fail', () => {
    const dataDir = join(temp.dir, 'win');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    expect(
      secureDataFolder(dataDir, { log: createLogger('t', { level: null }), platform: 'win32' }),
    ).toEqual([]);
    expect(mode(dataDir)).toBe('755');
  });
});
