import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHubCertificate } from '../../../electron/core/hub/hub-certificate';
import { silentLogger } from '../../../electron/core/platform/log';
import {
  isHubUrl,
  normalizeFingerprint,
  verifyHubCertificate,
} from '../../../electron/core/hub/hub-screen';

const COLONS = Array.from({ length: 32 }, (_, i) =>
  (i * 7).toString(16).padStart(2, '0').toUpperCase(),
).join(':');

describe('the Electron screen decisions', () => {
  it.each([
    [COLONS, COLONS],
    [COLONS.toLowerCase(), COLONS],
    [COLONS.replace(/:/g, ''), COLONS],
    [` ${COLONS} `, COLONS],
    [COLONS.slice(3), null],
    ['sha256/abc', null],
  ])('normalizes fingerprint %j', (text, expected) => {
    expect(normalizeFingerprint(text)).toBe(expected);
  });

  it('keeps the window on the hub origin only', () => {
    const hub = { url: 'https://frontdesk.shop.lan:8443/', fingerprint: COLONS };
    expect(isHubUrl(hub, 'https://frontdesk.shop.lan:8443/#/staff')).toBe(true);
    expect(isHubUrl(hub, 'https://frontdesk.shop.lan/')).toBe(false);
    expect(isHubUrl(hub, 'http://frontdesk.shop.lan:8443/')).toBe(false);
    expect(isHubUrl(hub, 'https://evil.example:8443/')).toBe(false);
    expect(isHubUrl(hub, 'not a url')).toBe(false);
  });

  it('trusts the certificate on the hub host only (IPv6 in brackets too), never an unreadable one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-hub-screen-unit-'));
    try {
      const loaded = await loadHubCertificate({
        dataDir: dir,
        files: null,
        names: ['fd00::2'],
        now: () => Date.now(),
        log: silentLogger,
      });
      if (!loaded.ok) throw new Error(loaded.reason);
      const { cert, fingerprint } = loaded.value;
      const v6 = { url: 'https://[fd00::2]:8443/', fingerprint };
      expect(verifyHubCertificate(v6, { hostname: 'fd00::2', certificatePem: cert })).toBe(
        'trusted',
      );
      expect(verifyHubCertificate(v6, { hostname: '[FD00::2]', certificatePem: cert })).toBe(
        'trusted',
      );
      expect(verifyHubCertificate(v6, { hostname: 'fd00::3', certificatePem: cert })).toBe(
        'refused',
      );
      expect(verifyHubCertificate(v6, { hostname: 'fd00::2', certificatePem: 'x' })).toBe(
        'refused',
      );
      expect(
        verifyHubCertificate(
          { ...v6, fingerprint: COLONS },
          { hostname: 'fd00::2', certificatePem: cert },
        ),
      ).toBe('refused');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
