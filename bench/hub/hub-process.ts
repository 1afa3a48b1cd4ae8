/**
 * The hub as IT starts it (`kiosk:web --listen 127.0.0.1:0`), in a child process of its own so
 * that its RSS is the hub's alone, plus what a paired screen does over HTTPS: calls with its
 * cookie and the CSRF header, and the event stream. The hub's certificate is pinned by the
 * SHA-256 fingerprint it prints, as the Electron screen does (no CA to trust for a self-signed one).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { hubRequest as httpsToHub } from '../../test/support/hub-https';
import type { IncomingMessage } from 'node:http';
import type { PeerCertificate } from 'node:tls';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const HUB_STAFF_PIN = '2468';

export interface HubProcess {
  url: string;
  port: number;
  token: string;
  pid: number;
  fingerprint: string;
  /** A live staff session (opened at start with HUB_STAFF_PIN). */
  session: string;
  /** Resident set size of the hub process now, in bytes (Linux /proc). */
  rss(): number;
  /**
   * The hub's memory right after a full garbage collection, through its inspector (the hub
   * runs with `--inspect=127.0.0.1:0` here, for the benchmark only): what it holds, not what
   * the collector has yet to free.
   */
  memoryAfterGc(): Promise<{ rss: number; heapUsed: number; external: number }>;
  stop(): Promise<void>;
}

export interface HubCaller {
  call(method: string, input: unknown): Promise<{ status: number; body: unknown }>;
}

/** An HTTPS agent that accepts exactly the hub's certificate (by fingerprint). */
export function pinnedAgent(fingerprint: string): Agent {
  return new Agent({
    keepAlive: true,
    maxSockets: 8,
    rejectUnauthorized: false,
    checkServerIdentity: (_host: string, cert: PeerCertificate) =>
      cert.fingerprint256 === fingerprint
        ? undefined
        : new Error(`not the hub's certificate: ${cert.fingerprint256}`),
  });
}

export async function hubRequest(
  hub: Pick<HubProcess, 'port'>,
  agent: Agent,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: unknown; headers: IncomingMessage['headers'] }> {
  const answer = await httpsToHub(hub.port, {
    ...options,
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    agent,
  });
  return {
    status: answer.status,
    headers: answer.headers,
    body: answer.text === '' ? null : (JSON.parse(answer.text) as unknown),
  };
}

/** The hub's own calls from the machine itself (its token), for set-up. */
function tokenCaller(hub: Pick<HubProcess, 'port' | 'token'>, agent: Agent): HubCaller {
  return {
    call: (method, input) =>
      hubRequest(hub, agent, {
        path: `/api/kiosk/${method}`,
        headers: { authorization: `Bearer ${hub.token}` },
        body: input,
      }),
  };
}

export async function startHubProcess(options: {
  /** A URL, or `embedded` for the reference server inside the hub (demo data). */
  upstreamUrl: string;
  apiKey: string | null;
  dataDir: string;
}): Promise<HubProcess> {
  const token = 'bench-hub-token-0001';
  // A machine file of its own with `announce: false`: the bench sends no mDNS onto the LAN.
  mkdirSync(options.dataDir, { recursive: true });
  const machineFile = join(options.dataDir, 'bench-machine.json');
  writeFileSync(machineFile, JSON.stringify({ hub: { listen: '127.0.0.1:0', announce: false } }));
  const child = spawn(
    process.execPath,
    [
      '--inspect=127.0.0.1:0',
      '--import',
      import.meta.resolve('tsx'),
      join(REPO, 'electron/web/main.ts'),
      '--listen',
      '127.0.0.1:0',
      '--upstream',
      options.upstreamUrl,
      ...(options.apiKey === null ? [] : ['--api-key', options.apiKey]),
      '--data',
      options.dataDir,
      '--token',
      token,
    ],
    {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FRONTDESK_CONFIG: machineFile,
        FRONTDESK_LOG_LEVEL: process.env.FRONTDESK_LOG_LEVEL ?? 'error',
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // stderr goes on to ours but for the inspector's lines, the first of which names its WebSocket.
  const inspectorUrl = new Promise<string>((resolve) => {
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      err += text;
      const own = text.split('\n').filter((l) => l && !/^(Debugger|For help)/.test(l));
      if (own.length > 0) process.stderr.write(`${own.join('\n')}\n`);
      const url = /Debugger listening on (ws:\/\/\S+)/.exec(err)?.[1];
      if (url) resolve(url);
    });
  });
  const lines = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Frontdesk kiosk ready: \S+\n/.test(out)) resolve(out.split('\n'));
    });
    void exited.then(() => reject(new Error('the hub exited before it was ready')));
  });
  const ready = lines.map((l) => /^Frontdesk kiosk ready: (https:\/\/[^/]+)\//.exec(l)?.[1]);
  const url = ready.find((u) => u !== undefined);
  const fingerprint = lines
    .map((l) => /fingerprint: (\S+)$/.exec(l)?.[1])
    .find((f) => f !== undefined);
  const setupCode = lines.map((l) => /^setup code: (\S+)$/.exec(l)?.[1]).find(Boolean);
  if (!url || !fingerprint || child.pid === undefined) throw new Error('the hub printed no URL');
  const port = Number(new URL(url).port);
  const agent = pinnedAgent(fingerprint);
  const setup = await tokenCaller({ port, token }, agent).call('setupStaffPin', {
    pin: HUB_STAFF_PIN,
    ...(setupCode ? { setupCode } : {}),
  });
  const session = (setup.body as { result?: { session?: string } }).result?.session;
  if (!session) throw new Error(`no staff session: ${JSON.stringify(setup.body)}`);
  const pid = child.pid;
  return {
    url,
    port,
    token,
    pid,
    fingerprint,
    session,
    rss: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    },
    memoryAfterGc: async () => {
      const socket = new WebSocket(await inspectorUrl);
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
      let id = 0;
      const send = (method: string, params: object = {}) =>
        new Promise<unknown>((resolve) => {
          const mine = (id += 1);
          socket.addEventListener('message', (message: MessageEvent) => {
            const answer = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
            if (answer.id === mine) resolve(answer.result);
          });
          socket.send(JSON.stringify({ id: mine, method, params }));
        });
      try {
        await send('HeapProfiler.collectGarbage');
        const result = (await send('Runtime.evaluate', {
          expression: 'JSON.stringify(process.memoryUsage())',
        })) as { result: { value: string } };
        return JSON.parse(result.result.value) as {
          rss: number;
          heapUsed: number;
          external: number;
        };
      } finally {
        socket.close();
      }
    },
    stop: async () => {
      agent.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Pairs a screen as a tablet does: a staff code, then /api/hub/pair; returns its cookie. */
export async function pairScreen(hub: HubProcess, agent: Agent, name: string): Promise<string> {
  const headers = { 'x-frontdesk-screen': '1' };
  const code = await hubRequest(hub, agent, {
    path: '/api/hub/codes',
    headers,
    body: { session: hub.session },
  });
  const value = (code.body as { result?: { code?: string } }).result?.code;
  if (!value) throw new Error(`no pairing code: ${JSON.stringify(code.body)}`);
  const paired = await hubRequest(hub, agent, {
    path: '/api/hub/pair',
    headers,
    body: { code: value, name, role: 'kiosk' },
  });
  const cookie = String(paired.headers['set-cookie'] ?? '').split(';')[0];
  if (paired.status !== 200 || !cookie) throw new Error(`pairing failed: ${paired.status}`);
  return cookie;
}

/** The kiosk API as a paired screen calls it. */
export function screenCaller(hub: HubProcess, agent: Agent, cookie: string): HubCaller {
  return {
    call: (method, input) =>
      hubRequest(hub, agent, {
        path: `/api/kiosk/${method}`,
        headers: { cookie, 'x-frontdesk-screen': '1' },
        body: input,
      }),
  };
}

/** Opens the screen's event stream; counts the events it receives until `close`. */
export function openScreenEvents(
  hub: HubProcess,
  agent: Agent,
  cookie: string,
): Promise<{ events(): number; close(): void }> {
  return new Promise((resolve, reject) => {
    let count = 0;
    const req = request(
      {
        host: '127.0.0.1',
        port: hub.port,
        path: '/api/kiosk/events',
        method: 'GET',
        agent,
        headers: { cookie, 'x-frontdesk-screen': '1', accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`events: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          count += chunk.split('\n').filter((line) => line.startsWith('data:')).length;
        });
        res.on('error', () => undefined);
        resolve({ events: () => count, close: () => req.destroy() });
      },
    );
    req.on('error', () => undefined);
    req.end();
  });
}
