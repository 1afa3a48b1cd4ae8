/**
 * `npm run bench`: every benchmark in turn (reference server, kiosk core, UI), printing each
 * one's figures. They run one after another because the machine has two cores. Record what
 * they print, with the command, in bench/RESULTS.md. `--long` adds the core's long crash run
 * (200 kills over 500 bookings).
 */
import { formatFigures, runServerBench } from './server/run';
import { runCoreBench } from './core/run';
import { runUiBench } from './ui/run';

process.env.FRONTDESK_LOG_LEVEL ??= 'silent';
const long = process.argv.includes('--long');
const print = (title: string, body: string): void => {
  process.stdout.write(`\n## ${title} (${new Date().toISOString()})\n${body}\n`);
};

print('Reference server', formatFigures(await runServerBench()));
print('Kiosk core', JSON.stringify(await runCoreBench({ long }), null, 2));
print(
  'UI',
  JSON.stringify(await runUiBench({ log: (line) => process.stderr.write(`${line}\n`) }), null, 2),
);
