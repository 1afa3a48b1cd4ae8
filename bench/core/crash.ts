/**
 * The long crash-safety run alone:
 *   `npx tsx bench/core/crash.ts [bookings] [kills] [maxKillDelayMs] [lostAnswers]`
 * (default 500 bookings, 200 SIGKILLs, 30 ms, 20 lost answers). First a kiosk core books
 * `lostAnswers` times for employees the cached "any" list does not name while every /book
 * answer is dropped (issue 17, case 1), then the replay process is SIGKILLed at random points
 * until the outbox is empty. Prints the figures as JSON; fails unless every booking is sent
 * exactly once, no customer was told "taken" for a booking that exists, and every lost answer
 * and kill asked for happened (crashRunFailures: a run that tested nothing fails).
 */
import { crashRunFailures, runCrashTest } from '../../test/support/core/crash-run';

const bookings = Number(process.argv[2] ?? 500);
const minKills = Number(process.argv[3] ?? 200);
const maxKillDelayMs = Number(process.argv[4] ?? 30);
const lostAnswers = Number(process.argv[5] ?? 20);
const figures = await runCrashTest({ bookings, minKills, maxKillDelayMs, lostAnswers });
process.stdout.write(`${JSON.stringify(figures)}\n`);
const failures = crashRunFailures(figures);
for (const failure of failures) process.stderr.write(`crash bench FAILED: ${failure}\n`);
process.exitCode = failures.length === 0 ? 0 : 1;
