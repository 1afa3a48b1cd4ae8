import { readFile as readFileFromDisk } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';

/**
 * The renderer is served over `app://frontdesk/` instead of file://: a standard, secure scheme
 * gives the page a real origin (so 'self' in the CSP means our files only) and lets the
 * grantFileProtocolExtraPrivileges fuse stay off. Only files inside the built renderer folder
 * are served; anything else is a 404.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'frontdesk';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** For `protocol.registerSchemesAsPrivileged`, which must run before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
} as const;

/** What a Vite build of the renderer contains; any other file type is not served. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
};

/**
 * The file an app:// URL names inside `rendererDir`, or null when it names none: another scheme
 * or host, a path that leaves the folder (`..`, encoded or not, a backslash, an absolute path),
 * a NUL byte or a file type the renderer does not have.
 */
export function resolveAppFile(rendererDir: string, url: string): string | null {
  let parsed: URL;
  let pathname: string;
  try {
    parsed = new URL(url);
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  // A backslash is a separator on Windows; a NUL byte ends the path in C APIs.
  if (pathname.includes('\\') || pathname.includes('\0')) return null;
  const root = resolve(rendererDir);
  const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return MIME_TYPES[extname(file).toLowerCase()] === undefined ? null : file;
}

export interface AppProtocolOptions {
  rendererDir: string;
  /** Reads a file; defaults to the file system (which reads inside app.asar under Electron). */
  readFile?: (path: string) => Promise<Uint8Array>;
}

/** The `protocol.handle('app', ...)` handler: GET and HEAD of renderer files, CSP on each. */
export function createAppProtocolHandler({
  rendererDir,
  readFile = readFileFromDisk,
}: AppProtocolOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, {
        status: 405,
        headers: { ...SECURITY_HEADERS, Allow: 'GET, HEAD' },
      });
    }
    const file = resolveAppFile(rendererDir, request.url);
    let body: Uint8Array;
    try {
      if (file === null) throw new Error('outside the renderer');
      body = await readFile(file);
    } catch {
      return new Response('Not found', {
        status: 404,
        headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    };
    return new Response(request.method === 'HEAD' ? null : Buffer.from(body), {
      status: 200,
      headers,
    });
  };
}
