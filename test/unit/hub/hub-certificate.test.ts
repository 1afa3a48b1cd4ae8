/**
 * Issue 40 item 5: the hub's generated key and certificate are replaced with the atomic-file
 * helper. A disk that fills while the new pair is written (the injected writer writes half a file,
 * then fails as ENOSPC does) leaves the old pair as it was, and nothing beside it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HUB_CERT_FILE,
  HUB_KEY_FILE,
  loadHubCertificate,
} from '../../../electron/core/hub/hub-certificate';
import type { LoadHubCertificateOptions } from '../../../electron/core/hub/hub-certificate';
import { silentLogger } from '../../../electron/core/platform/log';

const NOW = Date.parse('2026-11-28T06:00:00Z');
/** Eleven years back: a pair generated then (valid ten years) has expired by NOW. */
const LONG_AGO = NOW - 11 * 365 * 86_400_000;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fd-hub-cert-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function load(now: number, writeFile?: LoadHubCertificateOptions['writeFile']) {
  return loadHubCertificate({
    dataDir,
    files: null,
    names: ['localhost', '127.0.0.1'],
    now: () => now,
    log: silentLogger,
    ...(writeFile ? { writeFile } : {}),
  });
}

function pairOnDisk(): { key: string; cert: string } {
  return {
    key: readFileSync(join(dataDir, HUB_KEY_FILE), 'utf8'),
    cert: readFileSync(join(dataDir, HUB_CERT_FILE), 'utf8'),
  };
}

/** Writes half of what it is given, then fails as a full disk does, for the files `fails` names. */
function diskFillsOn(fails: (path: string) => boolean): (path: string, data: string) => void {
  return (path, data) => {
    if (!fails(path)) {
      writeFileSync(path, data);
      return;
    }
    writeFileSync(path, data.slice(0, data.length / 2));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
}

describe("the hub's generated certificate on disk", () => {
  it.each([
    ['the key', (path: string) => path.includes(HUB_KEY_FILE)],
    ['the certificate', (path: string) => path.includes(HUB_CERT_FILE)],
  ])(
    'keeps the old pair whole when the disk fills while %s of the new pair is written',
    async (_file, fails) => {
      const old = await load(LONG_AGO);
      expect(old.ok && old.value.source).toBe('generated');
      const before = pairOnDisk();

      const replaced = await load(NOW, diskFillsOn(fails));

      expect(replaced).toEqual({
        ok: false,
        reason: expect.stringContaining('ENOSPC') as string,
      });
      expect(pairOnDisk()).toEqual(before);
      expect(readdirSync(dataDir).sort()).toEqual([HUB_CERT_FILE, HUB_KEY_FILE].sort());
    },
  );

  it('replaces an expired pair: a key 0600 that belongs to the certificate, kept at the next start', async () => {
    await load(LONG_AGO);
    const before = pairOnDisk();
    const replaced = await load(NOW);
    expect(replaced.ok && replaced.value.source).toBe('generated');
    const after = pairOnDisk();
    expect(after.key).not.toBe(before.key);
    if (process.platform !== 'win32') {
      expect(statSync(join(dataDir, HUB_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, HUB_CERT_FILE)).mode & 0o777).toBe(0o644);
    }
    const kept = await load(NOW);
    expect(kept.ok && kept.value.source).toBe('kept');
    expect(kept.ok && kept.value.fingerprint).toBe(replaced.ok && replaced.value.fingerprint);
    expect(readdirSync(dataDir).sort()).toEqual([HUB_CERT_FILE, HUB_KEY_FILE].sort());
  });
});
