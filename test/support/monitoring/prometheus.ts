/**
 * A real Prometheus (Debian's /usr/bin/prometheus) for integration tests: on 127.0.0.1 at a free
 * port, with a config, targets file and data folder written into a temp folder, a short scrape
 * and evaluation interval, and the shipped rules with their `for:` shortened (rewritten from
 * docs/monitoring/frontdesk-rules.yml, so the shipped expressions are what is tested). The scrape
 * configuration is the one docs/deploy.md gives IT: file-based discovery, one line per shop,
 * the token from a file, HTTPS trusting the kiosk's own certificate (`caFile`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readRules, RULES_FILE } from './monitoring-files';
import { PROMETHEUS_BIN } from './tools';

export interface PrometheusTarget {
  /** host:port of a kiosk's /metrics */
  address: string;
  shop: string;
}

export interface ActiveAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
}

export interface PrometheusFixture {
  url: string;
  /** An instant query's vector: labels and value per series. */
  query(expr: string): Promise<{ labels: Record<string, string>; value: number }[]>;
  alerts(): Promise<ActiveAlert[]>;
  /** Raw GET of the HTTP API (the dashboard rendering reads query_range). */
  get(path: string): Promise<unknown>;
  close(): Promise<void>;
}

/** A port the kernel just handed out and released (Prometheus cannot be told to take port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The shipped rules with every `for:` set to `forDuration` (a week of `for:` does not fit a test). */
export function rulesWithShortFor(forDuration: string): string {
  const rules = readRules(readFileSync(RULES_FILE, 'utf8'));
  for (const group of rules.groups)
    for (const rule of group.rules) if (rule.alert !== undefined) rule.for = forDuration;
  return stringify(rules);
}

export async function startPrometheus(options: {
  dir: string;
  targets: PrometheusTarget[];
  tokenFile: string;
  /** Scrape over HTTPS trusting exactly this certificate or CA (PEM file); absent: HTTP. */
  caFile?: string;
  /** Scrape and rule evaluation interval; default 1s. */
  interval?: string;
  forDuration?: string;
  /** How long to wait for it to be ready (ms); default 60 s on a busy machine. */
  readyWithinMs?: number;
}): Promise<PrometheusFixture> {
  const interval = options.interval ?? '1s';
  mkdirSync(join(options.dir, 'data'), { recursive: true });
  const targetsFile = join(options.dir, 'frontdesk-targets.json');
  writeFileSync(
    targetsFile,
    JSON.stringify(
      options.targets.map((t) => ({ targets: [t.address], labels: { shop: t.shop } })),
    ),
  );
  const rulesFile = join(options.dir, 'frontdesk-rules.yml');
  writeFileSync(rulesFile, rulesWithShortFor(options.forDuration ?? '3s'));
  const configFile = join(options.dir, 'prometheus.yml');
  writeFileSync(
    configFile,
    stringify({
      global: {
        scrape_interval: interval,
        evaluation_interval: interval,
        scrape_timeout: interval,
      },
      rule_files: [rulesFile],
      scrape_configs: [
        {
          job_name: 'frontdesk',
          authorization: { credentials_file: options.tokenFile },
          ...(options.caFile === undefined
            ? {}
            : { scheme: 'https', tls_config: { ca_file: options.caFile } }),
          file_sd_configs: [{ files: [targetsFile] }],
        },
      ],
    }),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(options.dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  // A test process that dies without its afterAll must not leave Prometheus running.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphanGuard);
      resolve();
    }),
  );

  const get = async (path: string): Promise<unknown> => {
    const answer = await fetch(`${url}${path}`);
    if (!answer.ok) throw new Error(`prometheus ${path}: HTTP ${answer.status}`);
    return answer.json();
  };
  const fixture: PrometheusFixture = {
    url,
    get,
    async query(expr) {
      const body = (await get(`/api/v1/query?query=${encodeURIComponent(expr)}`)) as {
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      return body.data.result.map((r) => ({ labels: r.metric, value: Number(r.value[1]) }));
    },
    async alerts() {
      const body = (await get('/api/v1/alerts')) as { data: { alerts: ActiveAlert[] } };
      return body.data.alerts;
    },
    close: () => stop(child, exited),
  };
  try {
    await waitReady(url, child, options.readyWithinMs ?? 60_000, () => stderr);
  } catch (error) {
    await fixture.close();
    throw error;
  }
  return fixture;
}

async function waitReady(
  url: string,
  child: ChildProcess,
  withinMs: number,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`prometheus exited (${child.exitCode}): ${stderr()}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline)
      throw new Error(`prometheus not ready in ${withinMs} ms: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM, then SIGKILL if it has not exited after 10 s; resolves once it has exited. */
async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
