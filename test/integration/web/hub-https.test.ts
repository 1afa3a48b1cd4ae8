/**
 * The hub over HTTPS: startKioskWeb with `hub` (the embedded reference server upstream), a
 * self-signed certificate kept in the data folder (0600 key), IT's certificate when given, and
 * the Host / Origin checks of a LAN listener.
 */
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hubRequest } from '../../support/hub-https';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { silentLogger } from '../../../electron/core/platform/log';
import { HUB_CERT_FILE, HUB_KEY_FILE } from '../../../electron/core/hub/hub-certificate';
import { startKioskWeb, type KioskWeb } from '../../../electron/web/start-kiosk-web';
import { startWebShell } from '../../../electron/web/web-shell';
import { createKioskApiDouble, shellOptions } from '../../unit/web/kiosk-api-double';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fd-hub-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  /** SHA-256 of the certificate the server presented. */
  peerFingerprint: string;
}

/** HTTPS to 127.0.0.1 with any Host / Origin; the certificate is checked by fingerprint below. */
async function send(
  web: KioskWeb,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const answer = await hubRequest(web.port, {
    path,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return { status: answer.status, body: answer.text, peerFingerprint: answer.peerFingerprint };
}

const catalogCall = (web: KioskWeb, headers: Record<string, string> = {}) =>
  send(
    web,
    '/api/kiosk/getCatalog',
    { authorization: `Bearer ${web.token}`, 'content-type': 'application/json', ...headers },
    '{}',
  );

async function startHub(
  dataDir: string,
  tls: { certFile: string; keyFile: string } | null = null,
  lines: string[] = [],
) {
  return startKioskWeb({
    dataDir,
    upstreamUrl: null,
    rendererDir: null,
    hub: {
      listen: { host: '127.0.0.1', port: 0 },
      names: ['frontdesk.shop.lan'],
      tls,
      announce: 'off',
    },
    print: (line) => lines.push(line),
    log: silentLogger,
  });
}

describe('the hub over HTTPS', () => {
  it('generates a certificate at first start, keeps it (key 0600) and shows its fingerprint', async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const web = await startHub(dataDir, null, lines);
    let fingerprint: string;
    try {
      expect(web.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      fingerprint = web.certificate?.fingerprint ?? '';
      expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      expect(lines).toContain(`hub certificate SHA-256 fingerprint: ${fingerprint}`);
      expect(statSync(join(dataDir, HUB_KEY_FILE)).mode & 0o777).toBe(0o600);
      const cert = new X509Certificate(readFileSync(join(dataDir, HUB_CERT_FILE)));
      expect(cert.fingerprint256).toBe(fingerprint);
      expect(cert.subjectAltName).toContain('DNS:frontdesk.shop.lan');

      const answer = await catalogCall(web);
      expect(answer.status).toBe(200);
      expect(answer.peerFingerprint).toBe(fingerprint);
    } finally {
      await web.close();
    }
    const again = await startHub(dataDir);
    try {
      expect(again.certificate?.fingerprint).toBe(fingerprint);
      expect(again.certificate?.source).toBe('kept');
    } finally {
      await again.close();
    }
  });

  it('answers to its names and own addresses only, and to its own https origin', async () => {
    const web = await startHub(tempDir());
    try {
      const port = web.port;
      expect((await catalogCall(web, { host: `frontdesk.shop.lan:${port}` })).status).toBe(200);
      expect((await catalogCall(web, { host: `localhost:${port}` })).status).toBe(200);
      // DNS rebinding: a foreign name that resolves to the hub.
      expect((await catalogCall(web, { host: `evil.example:${port}` })).status).toBe(403);
      expect((await send(web, '/', { host: `evil.example:${port}` })).status).toBe(403);
      // CSRF: a foreign page, or our name over plain http.
      expect((await catalogCall(web, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await catalogCall(web, { origin: `http://127.0.0.1:${port}` })).status).toBe(403);
      expect((await catalogCall(web, { origin: `https://127.0.0.1:${port}` })).status).toBe(200);
      expect(
        (
          await catalogCall(web, {
            host: `frontdesk.shop.lan:${port}`,
            origin: `https://frontdesk.shop.lan:${port}`,
          })
        ).status,
      ).toBe(200);
    } finally {
      await web.close();
    }
  });

  it("serves IT's certificate when the machine config names one", async () => {
    const dir = tempDir();
    const pems = await generate([{ name: 'commonName', value: 'hub.it.example' }], {
      keyType: 'ec',
      algorithm: 'sha256',
    });
    const certFile = join(dir, 'hub.crt');
    const keyFile = join(dir, 'hub.key');
    writeFileSync(certFile, pems.cert);
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    const web = await startHub(join(dir, 'data'), { certFile, keyFile });
    try {
      const expected = new X509Certificate(pems.cert).fingerprint256;
      expect(web.certificate?.source).toBe('it');
      expect((await catalogCall(web)).peerFingerprint).toBe(expected);
    } finally {
      await web.close();
    }
    // A key of another certificate stops the start with a message naming the file.
    const other = await generate([{ name: 'commonName', value: 'other' }], {
      keyType: 'ec',
      algorithm: 'sha256',
    });
    writeFileSync(keyFile, other.private, { mode: 0o600 });
    await expect(startHub(join(dir, 'data2'), { certFile, keyFile })).rejects.toThrow(
      /tlsCertFile .*hub\.crt: the key does not belong to the certificate/,
    );
  });

  it('refuses plain HTTP on any address but loopback', async () => {
    await expect(
      startWebShell({ ...shellOptions(createKioskApiDouble(), 't0ken'), host: '0.0.0.0' }),
    ).rejects.toThrow(/plain HTTP binds 127\.0\.0\.1 only/);
  });
});
