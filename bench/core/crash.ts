/**
 * The long crash-safety run alone: `npx tsx bench/core/crash.ts [bookings] [kills] [maxKillDelayMs]`
 * (default 500 bookings, 200 SIGKILLs). Prints the figures as JSON.
 */
import { runCrashTest } from '../../test/support/core/crash-run';

const bookings = Number(process.argv[2] ?? 500);
const minKills = Number(process.argv[3] ?? 200);
const maxKillDelayMs = Number(process.argv[4] ?? 30);
const figures = await runCrashTest({ bookings, minKills, maxKillDelayMs });
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.exitCode = figures.sentOnce === bookings && figures.duplicates === 0 ? 0 : 1;
