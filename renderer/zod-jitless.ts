/**
 * zod 4 probes `new Function` on the first object it parses, to compile faster parsers. The
 * page's CSP (shared/csp.ts: `script-src 'self'`, no 'unsafe-eval') refuses it, and Chromium
 * reports that as a violation on every load even though zod catches the error (issue 38 item 14).
 * `jitless` skips the probe. The entry imports this module first, before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
