/**
 * `npm run arch:path`: the corridor one walk-in booking takes (STYLE 29, issue 40). Runs the
 * reference server (a child process) and a kiosk core (this one), walks a customer to "Book now" and
 * measures the booking (createBooking until its answer is settled) under V8 coverage; prints
 * the product files (electron/, shared/) it executed in the order each first ran, their count,
 * and apart from them the files only domain-event listeners executed. docs/architecture.md
 * keeps the output ("One walk-in booking's path"). `--json`: the same as one JSON line.
 */
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { openCorridorTrace, type Corridor } from './arch-path/corridor-trace';
import { startReferenceServer } from './arch-path/reference-server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A product file: what ships in the kiosk, not the reference server or a dependency. */
export const isProductFile = (path: string): boolean =>
  (path.startsWith('electron/') || path.startsWith('shared/')) && !path.includes('node_modules/');

export interface ArchPath extends Corridor {
  /** What the customer was told (`sent`: the API took the booking). */
  state: string;
}

/** Measures one walk-in booking. Coverage starts before the product is imported. */
export async function runArchPath(): Promise<ArchPath> {
  const server = startReferenceServer(ROOT);
  const trace = openCorridorTrace(ROOT, isProductFile);
  try {
    const { walkInUpToBooking } = await import('./arch-path/walk-in');
    const walkIn = await walkInUpToBooking(server);
    let state = '';
    try {
      const corridor = await trace.measure(async () => {
        state = await walkIn.book();
      });
      return { ...corridor, state };
    } finally {
      await walkIn.close();
    }
  } finally {
    trace.close();
    await server.close();
  }
}

export function formatArchPath(path: ArchPath): string {
  const numbered = (files: string[]) =>
    files.map((file, i) => `${String(i + 1).padStart(3)}  ${file}`);
  return [
    `One walk-in booking (createBooking until settled, answer: ${path.state})`,
    `executed ${path.files.length} product files, in the order each first ran:`,
    ...numbered(path.files),
    `and ${path.listeners.length} more only in domain-event listeners:`,
    ...numbered(path.listeners),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const path = await runArchPath();
  process.stdout.write(
    process.argv.includes('--json')
      ? `${JSON.stringify(path)}\n`
      : `${formatArchPath(path)}\n(${Date.now() - started} ms)\n`,
  );
  // The embedded HTTP agents keep sockets alive for a while; the measurement is done.
  process.exit(path.state === 'sent' ? 0 : 1);
}
