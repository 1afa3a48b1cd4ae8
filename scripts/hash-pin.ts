/** `npm run hash-pin`: see electron/core/staff/hash-pin-cli.ts. */
import { runHashPin } from '../electron/core/staff/hash-pin-cli';

process.exitCode = await runHashPin(
  process.stdin,
  (line) => void process.stdout.write(`${line}\n`),
  (line) => void process.stderr.write(`${line}\n`),
);
