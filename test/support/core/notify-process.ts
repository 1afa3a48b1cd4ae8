/**
 * A kiosk core that replays its outbox and sends its customer e-mails, for the kill -9 test of
 * the mail outbox (test/integration/core/refusal-mail-crash.test.ts):
 *   npx tsx test/support/core/notify-process.ts --data DIR --upstream URL --smtp URL [--no-mail]
 *     [--now EPOCH_MS]
 * `--now` starts the core's clock at that instant (running at real speed), the upstream's: a
 * kiosk whose own clock says the appointment passed rightly lets it expire unsent.
 * Prints "ready" once open (claimed mails recovered), "replayed" once nothing is queued (with
 * --no-mail it then waits to be killed), then "done" once no mail is due, and exits.
 */
import { parseArgs } from 'node:util';
import { systemClock } from '../../../electron/core/platform/clock';
import { createKioskCoreInternals } from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { CORE_TEST_KEY } from './harness';
import { NOTIFY_SHOP_PHONE } from './notify-shop';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    upstream: { type: 'string' },
    smtp: { type: 'string' },
    'no-mail': { type: 'boolean' },
    now: { type: 'string' },
  },
});
if (!values.data || !values.upstream || !values.smtp) {
  process.stderr.write('usage: notify-process.ts --data DIR --upstream URL --smtp URL\n');
  process.exit(2);
}

const offset = values.now === undefined ? 0 : Number(values.now) - Date.now();
const core = await createKioskCoreInternals({
  clock: { ...systemClock, now: () => Date.now() + offset },
  dataDir: values.data,
  upstreamUrl: values.upstream,
  apiKey: CORE_TEST_KEY,
  secretStore: createMemorySecretStore(),
  autoStart: false,
  replayTimeoutMs: 2_000,
  mail: { smtpUrl: values.smtp, from: 'Salon <kiosk@salon.example>' },
  shop: { name: 'Salon', phone: NOTIFY_SHOP_PHONE },
});
process.stdout.write('ready\n');
for (let round = 0; round < 1_000; round += 1) {
  await core.replayer.runOnce();
  if ((await core.api.getSyncStatus({})).queued === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write('replayed\n');
if (values['no-mail']) await new Promise(() => undefined);
await core.mail?.runOnce();
process.stdout.write('done\n');
await core.close();
