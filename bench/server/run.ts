/**
 * Server benchmark (issue 2): autocannon against the reference server on 127.0.0.1 with 10
 * employees and 200 bookings in the month -- GET /availability, GET /available-days, POST /book
 * (a distinct free slot per request), GET /availability again while bookings are written at
 * 100/s -- and a hello-world Fastify route as the ceiling.
 * Run alone: `npx tsx bench/server/run.ts`; the lead's bench/run.ts calls runServerBench().
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { RawRequest, Result } from 'autocannon';
import { API_PREFIX } from '../../shared/api/schemas';
import { bookingGrid } from './fixture';

const BENCH_KEY = 'bench-key-0001';
const MIXED_BOOKINGS_PER_SECOND = 100;
const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  statusCounts: Record<string, number>;
  errors: number;
  goal?: string;
  met?: boolean;
}

export interface ServerBenchOptions {
  durationSeconds?: number;
  connections?: number;
}

interface Served {
  url: string;
  helloUrl: string;
  now: number;
  year: number;
  month: number;
  busiestDate: string;
}

async function startServed(dbPath: string): Promise<{ served: Served; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [join(REPO, 'node_modules/tsx/dist/cli.mjs'), join(REPO, 'bench/server/serve.ts'), dbPath],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const served = await new Promise<Served>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Served);
    });
    void exited.then(() => reject(new Error('bench server exited before it was ready')));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { served, stop };
}

function figure(name: string, result: Result, goal?: { rps: number; p99Ms?: number }): BenchFigure {
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const total = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const rps = total / result.duration;
  return {
    name,
    requestsPerSecond: Math.round(rps),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total,
    statusCounts,
    errors: result.errors,
    ...(goal && {
      goal: `>= ${goal.rps} req/s${goal.p99Ms ? `, p99 < ${goal.p99Ms} ms` : ''}`,
      met: rps >= goal.rps && (goal.p99Ms === undefined || result.latency.p99 < goal.p99Ms),
    }),
  };
}

export function formatFigures(figures: BenchFigure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${Object.entries(
        f.statusCounts,
      )
        .map(([c, n]) => `${c}: ${n}`)
        .join(
          ', ',
        )}${f.errors ? `, errors: ${f.errors}` : ''} | ${f.goal ? `${f.goal} ${f.met ? '(met)' : '(NOT met)'}` : f.name.startsWith('GET / ') ? 'ceiling' : '-'} |`,
  );
  return [
    '| endpoint | req/s | p50 ms | p99 ms | responses | goal |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export async function runServerBench(options: ServerBenchOptions = {}): Promise<BenchFigure[]> {
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-server-'));
  const { served, stop } = await startServed(join(dir, 'bench.db'));
  const headers = { authorization: `Bearer ${BENCH_KEY}` };
  const figures: BenchFigure[] = [];
  try {
    const base = { connections, duration };
    // Warm-up: JIT and SQLite page cache.
    await autocannon({
      ...base,
      duration: 2,
      url: `${served.url}${API_PREFIX}/availability?date=${served.busiestDate}&serviceId=bench-30`,
      headers,
    });

    figures.push(
      figure('GET / (hello-world Fastify)', await autocannon({ ...base, url: served.helloUrl })),
    );
    figures.push(
      figure(
        `GET /availability (${served.busiestDate}, any of 10 employees)`,
        await autocannon({
          ...base,
          url: `${served.url}${API_PREFIX}/availability?date=${served.busiestDate}&serviceId=bench-30`,
          headers,
        }),
        { rps: 3000, p99Ms: 20 },
      ),
    );
    figures.push(
      figure(
        `GET /available-days (${served.year}-${String(served.month).padStart(2, '0')}, one service)`,
        await autocannon({
          ...base,
          url: `${served.url}${API_PREFIX}/available-days?year=${served.year}&month=${served.month}&serviceId=bench-30`,
          headers,
        }),
      ),
    );

    // POST /book walks the grid of distinct free slots: every request is a real insert.
    const grid = bookingGrid(served.now);
    let next = 0;
    const bookRequest = {
      method: 'POST',
      path: `${API_PREFIX}/book`,
      headers: { ...headers, 'content-type': 'application/json' },
      setupRequest: (request: RawRequest): RawRequest => {
        const slot = grid[next % grid.length]!;
        const n = next;
        next += 1;
        return {
          ...request,
          body: JSON.stringify({
            serviceId: 'bench-15',
            employeeId: slot.employeeId,
            date: slot.date,
            time: slot.time,
            customer: {
              name: `Kunde ${n % 500}`,
              email: `kunde${n % 500}@bench.example`,
              phone: '030 1234567',
            },
          }),
        };
      },
    };

    // Availability while bookings are written: each booking drops the server's cached busy
    // lists, so this is the figure for a day with traffic, not only the read-only best case.
    const [mixedAvailability, mixedBook] = await Promise.all([
      autocannon({
        ...base,
        url: `${served.url}${API_PREFIX}/availability?date=${served.busiestDate}&serviceId=bench-30`,
        headers,
      }),
      autocannon({
        duration,
        connections: 1,
        overallRate: MIXED_BOOKINGS_PER_SECOND,
        url: served.url,
        requests: [bookRequest],
      }),
    ]);
    figures.push(
      figure(
        `GET /availability (same query) while POST /book runs at ${MIXED_BOOKINGS_PER_SECOND}/s (done: ${Object.entries(
          mixedBook.statusCodeStats,
        )
          .map(([code, stat]) => `${code}: ${stat.count}`)
          .join(', ')})`,
        mixedAvailability,
        { rps: 3000, p99Ms: 20 },
      ),
    );

    const bookResult = await autocannon({
      ...base,
      // Stop when the grid is used up (a fast run would wrap around into 409s).
      maxOverallRequests: grid.length - next,
      url: served.url,
      requests: [bookRequest],
    });
    figures.push(
      figure(`POST /book (distinct slots, ${grid.length} in the grid)`, bookResult, { rps: 500 }),
    );
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runServerBench();
  process.stdout.write(
    `\nReference server benchmark (${new Date().toISOString()})\n${formatFigures(figures)}\n`,
  );
}
