/**
 * Starts kiosk-process.ts as a child of the Playwright worker and hands it to a test as a
 * `Kiosk` (the same shape as the stack's in-process kiosk, so setUpKiosk, firstFreeSlot and
 * openKiosk work on it), plus what only a process has: SIGKILL and its stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { systemTimers } from '../../../electron/core/platform/clock';
import { KIOSK_KEY, kioskCaller, printedSetupCode, type Kiosk, type Stack } from './stack';

const KIOSK_PROCESS = fileURLToPath(new URL('./kiosk-process.ts', import.meta.url));
const READY = /^Frontdesk kiosk ready: (\S+)$/;
const START_TIMEOUT_MS = 30_000;

export interface ChildKioskOptions {
  stack: Stack;
  dataDir: string;
  /** The child's clock starts here (an instant of the stack's timeline). */
  now: number;
  /** Default: a fresh key of the stack. Give the same one to a restarted kiosk. */
  apiKey?: string;
  mail?: { smtpUrl: string; from: string };
  shop?: { name: string; phone: string };
}

export interface ChildKiosk extends Kiosk {
  apiKey: string;
  /** The child's stderr lines (its log, FRONTDESK_LOG_LEVEL=warn). */
  log: string[];
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

/** Starts the child and waits for its "ready" line; rejects with its stderr if it dies first. */
export async function startChildKiosk(options: ChildKioskOptions): Promise<ChildKiosk> {
  const apiKey = options.apiKey ?? KIOSK_KEY;
  const token = 'e2e-child-token';
  const args = [
    '--import',
    'tsx',
    KIOSK_PROCESS,
    '--data',
    options.dataDir,
    '--upstream',
    options.stack.proxy.url,
    '--key',
    apiKey,
    '--token',
    token,
    '--now',
    String(Math.round(options.now)),
  ];
  if (options.mail) args.push('--smtp', options.mail.smtpUrl, '--from', options.mail.from);
  if (options.shop) args.push('--shop-name', options.shop.name, '--shop-phone', options.shop.phone);
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, FRONTDESK_LOG_LEVEL: 'warn' },
  });
  const printed: string[] = [];
  const log: string[] = [];
  lines(child.stdout, printed);
  lines(child.stderr, log);
  const kill = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  };
  let openUrl: string;
  try {
    openUrl = await ready(child, printed, log);
  } catch (error) {
    await kill();
    throw error;
  }
  const url = new URL(openUrl);
  const web = {
    url: url.origin,
    metricsUrl: null,
    certificate: null,
    openUrl,
    port: Number(url.port),
    token,
    dataDir: options.dataDir,
    close: kill,
  };
  const offset = options.now - Date.now();
  return {
    web,
    setupCode: printedSetupCode(printed),
    call: kioskCaller(web.url, token),
    clock: { ...systemTimers, now: () => Date.now() + offset },
    apiKey,
    log,
    kill,
  };
}

function lines(stream: NodeJS.ReadableStream | null, into: string[]): void {
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    into.push(...parts);
  });
}

function ready(child: ChildProcess, printed: string[], log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const failed = (why: string) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`kiosk child ${why}:\n${log.join('\n')}`));
    };
    const poll = setInterval(() => {
      const url = printed.map((line) => READY.exec(line)?.[1]).find(Boolean);
      if (url) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(url);
      } else if (child.exitCode !== null) failed(`exited with ${child.exitCode}`);
    }, 50);
    const timer = setTimeout(() => failed('printed no ready line in time'), START_TIMEOUT_MS);
  });
}
