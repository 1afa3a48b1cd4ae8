/**
 * The Public Booking API client. Every request goes through the rate governor, carries the
 * Bearer key, has a connect timeout (the dispatcher's) and a total timeout (an AbortSignal),
 * and ends as a classified `UpstreamOutcome`: it never throws for anything the network or
 * the remote does. Every answer's body is parsed with the shared schemas, and its
 * X-RateLimit-* and Date headers are read.
 */
import { Agent, request, type Dispatcher } from 'undici';
import {
  apiOperations,
  type ApiBody,
  type ApiData,
  type ApiOperationName,
  type ApiQuery,
} from '../../../shared/api/operations';
import { checkAnswer, type AskedFor } from '../../../shared/api/answer-checks';
import { API_PREFIX, ErrorEnvelopeSchema, RateLimitBodySchema } from '../../../shared/api/schemas';
import { sleep, type Clock, quietRepeats, createLogger, type Logger } from '../platform';
import { type Priority, type RateGovernor, plausibleRateLimit } from '../governor';
import { assertNever } from '../../../shared/result';
import type { AnswerMeta, NetworkReason, RateLimitHeaders, UpstreamOutcome } from './outcome';
import { answerClass, OUTCOME_TABLE } from './outcome-table';

export interface UpstreamTarget {
  baseUrl: string;
  apiKey: string | null;
}

export interface UpstreamClientOptions {
  /** Read on every request, so a settings change re-targets the client at once. */
  target: () => UpstreamTarget | null;
  governor: RateGovernor;
  clock: Clock;
  dispatcher?: Dispatcher;
  connectTimeoutMs?: number;
  timeoutMs?: number;
  /** Sees every answer's headers (clock skew and rate-limit status). */
  onAnswer?: (meta: AnswerMeta) => void;
  log?: Logger;
}

export interface CallOptions {
  priority: Priority;
  /** How long the caller will wait for the governor; beyond it the outcome is `throttled`. */
  maxWaitMs: number;
  timeoutMs?: number;
}

/** One method per operation of the API's table (shared/api/operations.ts). */
export interface UpstreamClient {
  getServices(call: CallOptions): Promise<UpstreamOutcome<ApiData<'getServices'>>>;
  getEmployees(call: CallOptions): Promise<UpstreamOutcome<ApiData<'getEmployees'>>>;
  getAvailableDays(
    query: ApiQuery<'getAvailableDays'>,
    call: CallOptions,
  ): Promise<UpstreamOutcome<ApiData<'getAvailableDays'>>>;
  getTimeSlots(
    query: ApiQuery<'getTimeSlots'>,
    call: CallOptions,
  ): Promise<UpstreamOutcome<ApiData<'getTimeSlots'>>>;
  /**
   * `language`: the customer's, sent as Accept-Language so that an API writing them a
   * confirmation writes it in theirs (the spec's request has no field for it; an API that
   * ignores the header loses nothing). Absent or null: no header.
   */
  book(
    body: ApiBody<'book'>,
    idempotencyKey: string,
    call: CallOptions,
    language?: string | null,
  ): Promise<UpstreamOutcome<ApiData<'book'>>>;
  close(): Promise<void>;
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  // A request failing the same way every few seconds (an outage) is one line an hour.
  const log = quietRepeats(
    options.log ?? createLogger('core:upstream'),
    () => options.clock.now(),
    {
      keyFields: ['method', 'reason', 'status', 'field'],
    },
  );
  const ownAgent = options.dispatcher
    ? null
    : new Agent({
        connect: { timeout: options.connectTimeoutMs ?? 3_000 },
        keepAliveTimeout: 10_000,
      });
  const dispatcher = options.dispatcher ?? (ownAgent as Agent);
  const { governor, clock } = options;

  /** Waits for the governor; the send time, or null when the caller would wait too long. */
  async function acquire(call: CallOptions): Promise<number | null> {
    let waited = 0;
    for (;;) {
      const wait = governor.waitMs(clock.now(), call.priority);
      if (wait === 0) {
        const sentAt = clock.now();
        governor.onSend(sentAt, call.priority);
        return sentAt;
      }
      if (waited + wait > call.maxWaitMs) return null;
      await sleep(clock, wait);
      waited += wait;
    }
  }

  /**
   * One request of the operation `name`: its method and path from the table, only the query
   * parameters its schema names (a caller may pass a larger object), its answer parsed with
   * its response schema.
   */
  async function send<N extends ApiOperationName>(
    name: N,
    asked: AskedFor<N>,
    call: CallOptions,
    body?: { json: unknown; idempotencyKey: string; language: string | null },
  ): Promise<UpstreamOutcome<ApiData<N>>> {
    // Only the keys of the operation's query schema are read (a booking has none).
    const query = (asked ?? {}) as Partial<Record<string, string | number>>;
    const { method, path, query: querySchema } = apiOperations[name];
    const target = options.target();
    if (!target) return { kind: 'network', reason: 'connect', message: 'no upstream configured' };
    const url = new URL(`${API_PREFIX}${path}`, target.baseUrl);
    for (const key of Object.keys(querySchema?.shape ?? {})) {
      const value = query[key];
      if (value !== undefined) url.searchParams.set(key, String(value));
    }

    const sentAt = await acquire(call);
    if (sentAt === null)
      return { kind: 'throttled', waitMs: governor.waitMs(clock.now(), call.priority) };

    const headers: Record<string, string> = { accept: 'application/json' };
    if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
    if (body) {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = body.idempotencyKey;
      if (body.language !== null) headers['accept-language'] = body.language;
    }
    let status: number;
    let text: string;
    let meta: AnswerMeta;
    let retryAfterHeader: string | undefined;
    try {
      const response = await request(url, {
        method,
        headers,
        body: body ? JSON.stringify(body.json) : null,
        dispatcher,
        signal: AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs ?? 10_000),
      });
      status = response.statusCode;
      text = await response.body.text();
      meta = {
        ...readMeta(response.headers, clock.now()),
        status,
        elapsedMs: clock.now() - sentAt,
      };
      retryAfterHeader = headerValue(response.headers['retry-after']);
    } catch (error) {
      const reason = networkReason(error);
      // Refused or reset before an answer: almost always the server never counted it (an API
      // that is down). Forgotten, so that probing it every few seconds spends no budget; when
      // it did count, the next answer's X-RateLimit headers say so.
      governor.onNoAnswer(reason === 'connect' || reason === 'reset' ? sentAt : undefined);
      log.warn('request failed', { method, path, reason });
      return { kind: 'network', reason, message: reason };
    }

    options.onAnswer?.(meta);
    // How to read the answer is its class's (outcome-table.ts): the client decides no status.
    const reading = OUTCOME_TABLE[answerClass(status)].answer ?? 'error';
    switch (reading) {
      case 'retryAfter':
        return rateLimited(method, path, text, retryAfterHeader, meta);
      case 'data':
        governor.onAnswer(clock.now(), meta.rateLimit);
        return readData(name, asked, method, path, status, text, meta);
      case 'error':
        governor.onAnswer(clock.now(), meta.rateLimit);
        return readError(method, path, status, text, meta);
      // Stryker disable next-line ConditionalExpression: unreachable, the cases are exhaustive
      default:
        return assertNever(reading);
    }
  }

  /** A 429: how long to wait (body, header, headers of the window), told to the governor. */
  function rateLimited(
    method: string,
    path: string,
    text: string,
    header: string | undefined,
    meta: AnswerMeta,
  ): UpstreamOutcome<never> {
    const parsed = RateLimitBodySchema.safeParse(safeJson(text));
    const retryAfterMs = governor.retryAfterMs(
      clock.now(),
      { body: parsed.success ? parsed.data.retryAfter : undefined, header },
      meta.rateLimit,
    );
    governor.onRateLimited(clock.now(), retryAfterMs, meta.rateLimit);
    log.warn('rate limited', { method, path, retryAfterMs });
    return { kind: 'rateLimited', retryAfterMs, meta };
  }

  /** A success: the operation's data, or `invalidBody` when it is none. */
  function readData<N extends ApiOperationName>(
    name: N,
    asked: AskedFor<N>,
    method: string,
    path: string,
    status: number,
    text: string,
    meta: AnswerMeta,
  ): UpstreamOutcome<ApiData<N>> {
    const parsed = apiOperations[name].response.safeParse(safeJson(text));
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      log.warn('invalid response body', { method, path, status, field });
      return { kind: 'invalidBody', status, meta, problem: { operation: name, field } };
    }
    const data = parsed.data.data as ApiData<N>;
    // Beyond the schema: an answer that makes no sense for what was asked is no data.
    const problem = checkAnswer(name, data, asked);
    if (problem) {
      log.warn('answer makes no sense', { method, path, status, field: problem.field });
      return { kind: 'invalidBody', status, meta, problem };
    }
    return { kind: 'ok', status, data, meta };
  }

  /** An error answer: its envelope's message, or the bare status. */
  function readError(
    method: string,
    path: string,
    status: number,
    text: string,
    meta: AnswerMeta,
  ): UpstreamOutcome<never> {
    const envelope = ErrorEnvelopeSchema.safeParse(safeJson(text));
    const message = envelope.success
      ? (envelope.data.error ?? envelope.data.message)
      : `HTTP ${status}`;
    if (!envelope.success) log.warn('error answer without envelope', { method, path, status });
    return { kind: 'http', status, message: message.slice(0, 500), meta };
  }

  // One method per operation: an operation added to the table without one does not compile.
  const operations: Omit<UpstreamClient, 'close'> & Record<ApiOperationName, unknown> = {
    getServices: (call) => send('getServices', undefined, call),
    getEmployees: (call) => send('getEmployees', undefined, call),
    getAvailableDays: (query, call) => send('getAvailableDays', query, call),
    // The spec leaves the default of an omitted employeeId open (§4.5 gaps) and names the
    // literal `any` for all employees: say it, so an API that requires the field answers too.
    getTimeSlots: (query, call) =>
      send('getTimeSlots', { ...query, employeeId: query.employeeId ?? 'any' }, call),
    book: (json, idempotencyKey, call, language = null) =>
      send('book', json, call, { json, idempotencyKey, language }),
  };
  // Closed once: a second close (the core's and a shutdown path's) waits for the same one,
  // where undici's Agent would throw on a closed agent.
  let closing: Promise<void> | null = null;
  return {
    ...operations,
    close: () => (closing ??= ownAgent?.close() ?? Promise.resolve()),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Headers = Record<string, string | string[] | undefined>;

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function readMeta(headers: Headers, receivedAt: number): AnswerMeta {
  return {
    rateLimit: plausibleRateLimit(readRateLimit(headers), receivedAt),
    serverDate: readDate(headers),
    receivedAt,
  };
}

export function readRateLimit(headers: Headers): RateLimitHeaders | null {
  const limit = Number(headerValue(headers['x-ratelimit-limit']));
  const remaining = Number(headerValue(headers['x-ratelimit-remaining']));
  const reset = Number(headerValue(headers['x-ratelimit-reset']));
  // A header that is missing reads as NaN here.
  if (![limit, remaining, reset].every(Number.isFinite) || limit <= 0) return null;
  return { limit, remaining, resetAt: reset * 1000 };
}

function readDate(headers: Headers): number | null {
  const value = headerValue(headers.date);
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Which network failures mean the request never reached the server. */
export function networkReason(error: unknown): NetworkReason {
  const code = errorCode(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connect';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'reset';
    default:
      return 'other';
  }
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}
