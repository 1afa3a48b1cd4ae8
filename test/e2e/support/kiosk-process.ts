/**
 * A kiosk (core + browser shell) in a process of its own, so that an end-to-end test can kill it
 * with SIGKILL (refusal-mail-kill.spec.ts; kiosk-child.ts starts it):
 *   node --import tsx test/e2e/support/kiosk-process.ts --data DIR --upstream URL --key KEY
 *     --token TOKEN --now EPOCH_MS [--smtp URL --from ADDRESS] [--shop-name NAME --shop-phone PHONE]
 * It is started as the e2e stack starts its in-process kiosk (port 0, the worker's fault proxy as
 * upstream), through startKioskWeb's own options only: `--now` starts its clock at that instant
 * of the stack's timeline, running at real speed from there. It prints the `setup code:` and
 * "Frontdesk kiosk ready: URL" lines on stdout as startKioskWeb does, and stops when its stdin
 * closes (the test's worker is gone) or on SIGTERM.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { systemTimers } from '../../../electron/core/platform/clock';
import { startKioskWeb } from '../../../electron/web/start-kiosk-web';

const Args = z
  .object({
    data: z.string().min(1),
    upstream: z.url(),
    key: z.string().min(1),
    token: z.string().min(1),
    now: z.coerce.number().int().positive(),
    smtp: z.url().optional(),
    from: z.string().min(1).optional(),
    'shop-name': z.string().min(1).optional(),
    'shop-phone': z.string().min(1).optional(),
  })
  .strict();

const { values } = parseArgs({
  options: Object.fromEntries(
    Object.keys(Args.shape).map((name) => [name, { type: 'string' as const }]),
  ),
});
const parsed = Args.safeParse(values);
if (!parsed.success) {
  process.stderr.write(`kiosk-process: ${parsed.error.message}\n`);
  process.exit(2);
}
const args = parsed.data;

const offset = args.now - Date.now();
const web = await startKioskWeb({
  port: 0,
  upstreamUrl: args.upstream,
  apiKey: args.key,
  dataDir: args.data,
  token: args.token,
  clock: { ...systemTimers, now: () => Date.now() + offset },
  access: { tapGuardMs: 0 }, // as the stack's kiosks (stack.ts): no wait per click
  ...(args.smtp
    ? { mail: { smtpUrl: args.smtp, from: args.from ?? 'Kiosk <kiosk@salon.example>' } }
    : {}),
  ...(args['shop-name'] || args['shop-phone']
    ? { shop: { name: args['shop-name'], phone: args['shop-phone'] } }
    : {}),
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await web.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
