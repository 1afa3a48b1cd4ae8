/**
 * Checks responses against the server's OpenAPI document with tools we did not write:
 * @apidevtools/swagger-parser validates and dereferences the document, ajv (JSON Schema
 * 2020-12, OpenAPI 3.1's dialect) validates each body and documented header. Responses are
 * recorded from wherever the server tests receive them (the harness's onSend hook for inject()
 * and its listening test app, the fetch wrapper of conformance-setup.ts for servers started with
 * startServer or the CLI); every mismatch is kept until the test's afterEach fails on it.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { buildOpenApiDocument } from '../../../server/openapi/document';
import type { OpenApiDocument } from '../../../server/openapi/types';
import { API_PREFIX } from '../../../shared/api/schemas';

export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export type ResponseCheck = (response: ObservedResponse) => string[];

interface CompiledResponse {
  body: ValidateFunction | null;
  headers: { name: string; required: boolean; integer: boolean; validate: ValidateFunction }[];
}

/** The document as served, validated by swagger-parser (throws when it is not valid OpenAPI). */
export async function validatedDocument(
  document: unknown = buildOpenApiDocument(),
): Promise<OpenApiDocument> {
  // swagger-parser mutates what it is given; the served document must stay as built.
  return (await SwaggerParser.validate(
    structuredClone(document) as never,
  )) as unknown as OpenApiDocument;
}

/** A response checker built from the document: [] for a conforming response, else why not. */
export async function buildResponseCheck(
  document: unknown = buildOpenApiDocument(),
): Promise<ResponseCheck> {
  await validatedDocument(document);
  const dereferenced = (await SwaggerParser.dereference(
    structuredClone(document) as never,
  )) as unknown as OpenApiDocument;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const compiled = new Map<string, CompiledResponse>();
  for (const [path, item] of Object.entries(dereferenced.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        compiled.set(`${method.toUpperCase()} ${path} ${status}`, {
          body: schema ? ajv.compile(schema) : null,
          headers: Object.entries(response.headers ?? {}).map(([name, header]) => ({
            name: name.toLowerCase(),
            required: header.required === true,
            integer: header.schema.type === 'integer',
            validate: ajv.compile(header.schema),
          })),
        });
      }
    }
  }
  const notFound = ajv.compile(dereferenced.components.schemas.ErrorEnvelope ?? {});

  return (response) => {
    const path = response.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
    if (!path.startsWith(`${API_PREFIX}/`) || path === `${API_PREFIX}/openapi.json`) return [];
    const where = `${response.method} ${path} -> ${response.status}`;
    const operation = dereferenced.paths[path]?.[response.method.toLowerCase() as 'get' | 'post'];
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      return [`${where}: body is not JSON: ${JSON.stringify(response.body.slice(0, 80))}`];
    }
    if (!operation) {
      // Not an operation of the document: only the not-found envelope may answer it.
      return response.status === 404 && notFound(parsed)
        ? []
        : [`${where}: not in the document and not a 404 envelope`];
    }
    const expected = compiled.get(`${response.method.toUpperCase()} ${path} ${response.status}`);
    if (!expected) return [`${where}: status not in the document`];
    const problems: string[] = [];
    const contentType = String(response.headers['content-type'] ?? '');
    if (expected.body) {
      if (!contentType.startsWith('application/json'))
        problems.push(`${where}: content-type ${contentType}`);
      if (!expected.body(parsed))
        problems.push(`${where}: body ${ajv.errorsText(expected.body.errors)}`);
    }
    for (const header of expected.headers) {
      const raw = response.headers[header.name];
      if (raw === undefined) {
        if (header.required) problems.push(`${where}: header ${header.name} missing`);
        continue;
      }
      const text = String(raw);
      const value = header.integer && /^-?\d+$/.test(text) ? Number(text) : text;
      if (!header.validate(value))
        problems.push(
          `${where}: header ${header.name}=${text} ${ajv.errorsText(header.validate.errors)}`,
        );
    }
    return problems;
  };
}

let check: Promise<ResponseCheck> | undefined;
const pending = new Set<Promise<void>>();
const violations: string[] = [];

/** Checks a response the tests received; a mismatch is kept for takeViolations(). */
export function recordResponse(response: ObservedResponse): void {
  check ??= buildResponseCheck();
  const done = check.then(
    (checkResponse) => {
      violations.push(...checkResponse(response));
    },
    (error: unknown) => {
      violations.push(`the OpenAPI document could not be loaded: ${String(error)}`);
    },
  );
  pending.add(done);
  void done.finally(() => pending.delete(done));
}

/** The mismatches recorded since the last call (after every started check has finished). */
export async function takeViolations(): Promise<string[]> {
  await Promise.all([...pending]);
  return violations.splice(0);
}
