/**
 * The browser shell's renderer files (issue 20, a tablet's first load): the build's brotli and
 * gzip copies go to a browser that accepts them, the plain file to one that does not (or when a
 * copy is missing); content-hashed assets are cached for good, index.html is revalidated.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import { startWebShell, type WebShell } from '../../../electron/web/web-shell';
import { createKioskApiDouble } from '../../unit/web/kiosk-api-double';

const INDEX = '<!doctype html><title>Frontdesk UI</title>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const HASHED = 'assets/index-wIZ_x-2Y.js';

function get(
  shell: WebShell,
  path: string,
  acceptEncoding?: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: shell.port,
        path,
        headers: {
          host: `127.0.0.1:${shell.port}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the renderer files', () => {
  let shell: WebShell;
  let rendererDir: string;

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'frontdesk-static-'));
    mkdirSync(join(rendererDir, 'assets'));
    writeFileSync(join(rendererDir, 'index.html'), INDEX);
    writeFileSync(join(rendererDir, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(join(rendererDir, HASHED), SCRIPT);
    writeFileSync(join(rendererDir, `${HASHED}.br`), brotliCompressSync(SCRIPT));
    writeFileSync(join(rendererDir, `${HASHED}.gz`), gzipSync(SCRIPT));
    writeFileSync(join(rendererDir, 'assets', 'plain.js'), SCRIPT);
    const double = createKioskApiDouble({});
    shell = await startWebShell({
      api: double.api,
      events: double.events,
      port: 0,
      token: 'test-token-static-0001',
      rendererDir,
      log: silentLogger,
    });
  });

  afterAll(async () => {
    await shell.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  it('sends the brotli copy of / and asks for revalidation', async () => {
    const answer = await get(shell, '/', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).toBe(INDEX);
  });

  it('falls back to the plain file when there is no copy for the encoding', async () => {
    const index = await get(shell, '/', 'gzip');
    expect(index.status).toBe(200);
    expect(index.headers['content-encoding']).toBeUndefined();
    expect(index.body.toString()).toBe(INDEX);
    const plain = await get(shell, '/assets/plain.js', 'br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed assets for good, in whichever encoding', async () => {
    const br = await get(shell, `/${HASHED}`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await get(shell, `/${HASHED}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const identity = await get(shell, `/${HASHED}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(identity.body.toString()).toBe(SCRIPT);
    // A file without a content hash in its name is revalidated like index.html.
    expect((await get(shell, '/assets/plain.js')).headers['cache-control']).toBe('no-cache');
  });
});
