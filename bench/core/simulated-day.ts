/**
 * The simulated day alone (issue 8): `npx tsx bench/core/simulated-day.ts [devices] [bookingEveryMin]`,
 * e.g. `1` (one kiosk, mirror only) or `2 30` (two kiosks on one key, each booking every 30 min).
 * Deterministic: the real reference server and the cores share a virtual clock.
 */
import { runSimulatedDay } from '../../test/support/core/simulated-day';

process.env.FRONTDESK_LOG_LEVEL ??= 'silent';
const devices = Number(process.argv[2] ?? 1);
const bookingEveryMin = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const figures = await runSimulatedDay({
  devices,
  ...(bookingEveryMin === undefined ? {} : { bookingEveryMin }),
});
process.stdout.write(
  `Simulated day, ${devices} kiosk(s) on one key (${new Date().toISOString()})\n${JSON.stringify(figures, null, 2)}\n`,
);
