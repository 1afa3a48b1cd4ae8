/**
 * zod 4 probes `new Function` on the first object it parses, to compile faster parsers. The
 * page's CSP (shared/csp.ts: `script-src 'self'`, no 'unsafe-eval') refuses it, and Chromium
 * reports that as a violation on every load even though zod catches the error (issue 38 item 14).
 * `jitless` skips the probe.
 *
 * Without importing zod: zod is loaded apart from the first screen (first-load-imports.test.ts).
 * Every copy of zod keeps its config in `globalThis.__zod_globalConfig` (zod/v4/core/core.js,
 * created on its first import when absent), so setting `jitless` there, in place, holds for the
 * zod the page loads later and for one already loaded. The entry imports this module first.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

Object.assign((globalThis.__zod_globalConfig ??= {}), { jitless: true });

export {};
