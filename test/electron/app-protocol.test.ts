import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createAppProtocolHandler,
  resolveAppFile,
} from '../../electron/main/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';

let root: string;
let rendererDir: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'frontdesk-app-protocol-'));
  rendererDir = join(root, 'out', 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Frontdesk</title>');
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(rendererDir, 'assets', 'font.woff2'), 'w');
  writeFileSync(join(rendererDir, 'assets', 'tool.exe'), 'MZ');
  // Files a traversal would reach: beside and above the renderer folder.
  writeFileSync(join(root, 'out', 'secret.json'), '{"apiKey":"k"}');
  writeFileSync(join(root, 'secret.txt'), 'secret');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const handler = () => createAppProtocolHandler({ rendererDir });
const get = (url: string, method = 'GET') => handler()(new Request(url, { method }));

describe('app:// protocol', () => {
  it.each([
    ['app://frontdesk/index.html', 'text/html; charset=utf-8', '<!doctype html>'],
    ['app://frontdesk/', 'text/html; charset=utf-8', '<!doctype html>'],
    ['app://frontdesk/assets/index-abc.js?v=1#x', 'text/javascript; charset=utf-8', 'console.log'],
    ['app://frontdesk/assets/index-abc.css', 'text/css; charset=utf-8', 'body'],
    ['app://frontdesk/assets/font.woff2', 'font/woff2', 'w'],
  ])('serves %s as %s with the CSP header', async (url, type, start) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toMatch(
      new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it.each([
    'app://frontdesk/../secret.json',
    'app://frontdesk/%2e%2e/secret.json',
    'app://frontdesk/..%2fsecret.json',
    'app://frontdesk/assets/..%2f..%2fsecret.json',
    'app://frontdesk/..%2f..%2fsecret.txt',
    'app://frontdesk/..%5csecret.json',
    'app://frontdesk/assets%5c..%5c..%5csecret.json',
    'app://frontdesk/index.html%00.js',
    'app://frontdesk/%2fetc%2fpasswd',
    'app://frontdesk/assets/tool.exe',
    'app://frontdesk/missing.js',
    'app://other/index.html',
    'app://frontdesk/%E0%A4%A',
  ])('refuses %s with a 404 that still carries the CSP', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toMatch(/apiKey|secret/);
  });

  it('never resolves a path outside the renderer folder', () => {
    expect(resolveAppFile(rendererDir, APP_URL)).toBe(join(rendererDir, 'index.html'));
    expect(resolveAppFile(rendererDir, 'app://frontdesk/..%2fsecret.json')).toBeNull();
    expect(resolveAppFile(rendererDir, 'file:///etc/passwd')).toBeNull();
    expect(resolveAppFile(rendererDir, 'https://frontdesk/index.html')).toBeNull();
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(APP_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get(APP_URL, 'POST');
    expect(post.status).toBe(405);
  });
});
