/**
 * A scripted Public Booking API: a real HTTP server on 127.0.0.1 that finds each request's
 * operation in the API's table (shared/api/operations.ts) and gives the answer the test
 * scripted for it. For what the reference server never answers (a 300, a body that does not fit
 * the schema, a reset connection) and for recording what a kiosk sends; everything else is
 * tested against the reference server itself (test/support/core/harness.ts).
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiOperationNames,
  apiOperations,
  type ApiOperationName,
} from '../../shared/api/operations';
import { API_PREFIX } from '../../shared/api/schemas';

/** One request as it arrived. */
interface SeenRequest {
  /** The table's operation at this method and path; null: none. */
  operation: ApiOperationName | null;
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An answer: a status with a JSON body (`json`) or a raw one (`text`), or `reset`: the
 * connection is destroyed once the request has arrived, before any answer.
 */
export type ScriptedAnswer =
  { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | 'reset';

export interface ScriptedUpstream {
  /** Base URL, e.g. `http://127.0.0.1:43117` (the API lives below API_PREFIX). */
  url: string;
  /** Every request since the start or the last `reset()`, in order of arrival. */
  readonly seen: SeenRequest[];
  /** From now on, `operation` (or every operation: `any`) is answered with `answer`. */
  script(operation: ApiOperationName | 'any', answer: ScriptedAnswer): void;
  /** Forgets the scripts and what was seen. */
  reset(): void;
  close(): Promise<void>;
}

/** What an operation nobody scripted answers: a 501 that names it. */
const notScripted = (operation: ApiOperationName): ScriptedAnswer => ({
  status: 501,
  json: { success: false, message: 'Not scripted', error: `${operation}: no answer scripted` },
});

function operationOf(method: string | undefined, url: string | undefined): ApiOperationName | null {
  const path = (url ?? '').split('?')[0];
  return (
    apiOperationNames.find(
      (name) =>
        apiOperations[name].method === method &&
        `${API_PREFIX}${apiOperations[name].path}` === path,
    ) ?? null
  );
}

function send(response: ServerResponse, answer: Exclude<ScriptedAnswer, 'reset'>): void {
  const body = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
  response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
  response.end(body);
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const scripts = new Map<ApiOperationName | 'any', ScriptedAnswer>();
  const seen: SeenRequest[] = [];

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const operation = operationOf(request.method, request.url);
      seen.push({
        operation,
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (operation === null) {
        send(response, {
          status: 404,
          json: {
            success: false,
            message: 'Not found',
            error: `no route for ${request.method} ${request.url}`,
          },
        });
        return;
      }
      const answer = scripts.get(operation) ?? scripts.get('any') ?? notScripted(operation);
      if (answer === 'reset') request.socket.destroy();
      else send(response, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    script: (operation, answer) => void scripts.set(operation, answer),
    reset: () => {
      scripts.clear();
      seen.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
