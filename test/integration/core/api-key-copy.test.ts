/**
 * Issue 28: the API-key warning told IT to use a protected file when one was used, and the key
 * is copied to `api-key.secret` without a word. A key from IT's file draws no such advice
 * (Settings says `itFile`); the core's log says where the copy is, why, and that it is 0600.
 */
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { createFileSecretStore } from '../../../electron/core/staff/secret-store';
import {
  CORE_TEST_KEY,
  makeTempDir,
  startCore,
  startUpstream,
  type UpstreamFixture,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

let temp: ReturnType<typeof makeTempDir>;
let upstream: UpstreamFixture;
let core: KioskCoreInternals | null = null;
let lines: string[];

beforeEach(async () => {
  temp = makeTempDir('fd-key-copy-');
  upstream = await startUpstream(temp.dir);
  lines = [];
  vi.stubEnv('FRONTDESK_LOG_LEVEL', 'info'); // the test run logs errors only (vitest.config.ts)
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await core?.close();
  core = null;
  await upstream.close();
  temp.remove();
});

async function start(key: { apiKey: string; apiKeyFile?: string }): Promise<KioskCoreInternals> {
  const dataDir = join(temp.dir, 'kiosk');
  core = await startCore(dataDir, upstream.server.url, {
    ...key,
    secretStore: createFileSecretStore(join(dataDir, 'api-key.secret')),
    logSink: (line) => lines.push(line),
  });
  return core;
}

const protection = async (c: KioskCoreInternals) =>
  (await c.api.getSettings({ session: await openStaffSession(c) })).apiKeyProtection;

describe("IT's API key from a protected file", () => {
  it('is copied to api-key.secret with mode 0600, and the log says where and why', async () => {
    const keyFile = join(temp.dir, 'it-api-key');
    writeFileSync(keyFile, CORE_TEST_KEY);
    chmodSync(keyFile, 0o600);
    const c = await start({ apiKey: CORE_TEST_KEY, apiKeyFile: keyFile });
    const copy = join(temp.dir, 'kiosk', 'api-key.secret');

    if (process.platform !== 'win32') expect(statSync(copy).mode & 0o777).toBe(0o600);
    const note = lines.find((line) => line.includes('is copied to'));
    expect(note).toContain(`the API key from ${keyFile} is copied to ${copy}`);
    expect(note).toContain('mode 0600: only this user can read it');
    expect(note).toContain('the kiosk sends the key kept in its own store');
    expect(note).not.toContain(CORE_TEST_KEY);
    expect(lines.join('\n')).not.toMatch(/protected file|prefer apiKeyFile/);
    // Settings shows no "use a protected file" warning for it.
    expect(await protection(c)).toBe('itFile');
    await expect(c.api.getCatalog({})).resolves.toBeDefined();
  });

  it('a key given as a value is still called unprotected, and no copy note is logged', async () => {
    const c = await start({ apiKey: CORE_TEST_KEY });
    expect(await protection(c)).toBe('plain');
    expect(lines.some((line) => line.includes('is copied to'))).toBe(false);
  });
});
