/**
 * Issue 11: the published reference. The OpenAPI document is served without a key, is valid
 * OpenAPI 3.1 for @apidevtools/swagger-parser, covers every operation, parameter, status and
 * header of the spec and decisions.md, and Swagger UI at /docs is served from this server.
 * (That every response of the server tests conforms is checked by conformance-setup.ts.)
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH, OPENAPI_PATH, buildOpenApiDocument } from '../../../server/openapi/document';
import type { OpenApiDocument } from '../../../server/openapi/types';
import type { RunningServer } from '../../../server/start-server';
import { API_PREFIX } from '../../../shared/api/schemas';
import { BOOK_KEY, startTestServer } from '../../support/server/harness';
import { buildResponseCheck, validatedDocument } from '../../support/server/openapi-conformance';

let server: RunningServer;
let served: OpenApiDocument;
beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.url}${OPENAPI_PATH}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  served = (await response.json()) as OpenApiDocument;
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/public/booking/openapi.json', () => {
  it('needs no key, parses, and is the document generated from the shared schemas', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('passes @apidevtools/swagger-parser validation, which rejects a broken copy', async () => {
    await expect(validatedDocument(served)).resolves.toBeDefined();
    const broken = structuredClone(served) as unknown as Record<string, Record<string, unknown>>;
    broken.paths![`${API_PREFIX}/services`] = { get: { responses: { '200': { content: {} } } } }; // a response needs a description
    await expect(validatedDocument(broken)).rejects.toThrow();
  });

  it('names the Bearer scheme and every operation, parameter and status of the spec and decisions.md', () => {
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(served.security).toEqual([{ bearerAuth: [] }]);
    const op = (path: string, method: 'get' | 'post') => {
      const operation = served.paths[`${API_PREFIX}${path}`]?.[method];
      if (!operation) throw new Error(`${method} ${path} missing`);
      return operation;
    };
    const params = (path: string, method: 'get' | 'post') =>
      (op(path, method).parameters ?? []).map((p) => `${p.in}:${p.name}${p.required ? '*' : ''}`);
    const statuses = (path: string, method: 'get' | 'post') =>
      Object.keys(op(path, method).responses).sort();

    expect(Object.keys(served.paths).sort()).toEqual(
      ['/availability', '/available-days', '/book', '/employees', '/services'].map(
        (p) => `${API_PREFIX}${p}`,
      ),
    );
    expect(params('/available-days', 'get')).toEqual([
      'query:year*',
      'query:month*',
      'query:serviceId',
      'query:employeeId',
    ]);
    expect(params('/availability', 'get')).toEqual([
      'query:date*',
      'query:serviceId*',
      'query:employeeId',
    ]);
    expect(params('/book', 'post')).toEqual(['header:Idempotency-Key']);
    const common = ['400', '401', '408', '413', '429', '431', '500'];
    expect(statuses('/services', 'get')).toEqual(['200', ...common].sort());
    expect(statuses('/employees', 'get')).toEqual(['200', ...common].sort());
    expect(statuses('/available-days', 'get')).toEqual(['200', '404', ...common].sort());
    expect(statuses('/availability', 'get')).toEqual(['200', '404', ...common].sort());
    expect(statuses('/book', 'post')).toEqual(
      ['201', '403', '404', '409', '422', ...common].sort(),
    );

    const book = op('/book', 'post');
    expect(book.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/BookingRequest',
    });
    expect(book.responses['429']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RateLimitBody',
    });
    expect(book.responses['429']?.headers?.['Retry-After']?.required).toBe(true);
    for (const status of ['201', '403', '404', '409', '422', '429']) {
      for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
        expect(book.responses[status]?.headers?.[header]?.required, `${status} ${header}`).toBe(
          true,
        );
      }
    }
    expect(book.responses['401']?.headers?.['WWW-Authenticate']?.required).toBe(true);
    expect(served.components.schemas.BookingResponse).toMatchObject({
      properties: {
        appointmentNumber: { pattern: '^[A-Z]-\\d{6,}$' },
        customer: { properties: { customerNumber: { pattern: '^[A-Z]{1,4}-\\d{5,}$' } } },
      },
    });
  });
});

describe('the response check built from the document', () => {
  it('accepts a real response and reports bodies, statuses and headers that do not match', async () => {
    const check = await buildResponseCheck(served);
    const url = `${server.url}${API_PREFIX}/services`;
    const real = await fetch(url, { headers: { authorization: `Bearer ${BOOK_KEY}` } });
    const observed = {
      method: 'GET',
      url,
      status: real.status,
      headers: Object.fromEntries(real.headers),
      body: await real.text(),
    };
    expect(check(observed)).toEqual([]);
    const data = (JSON.parse(observed.body) as { data: Record<string, unknown>[] }).data;
    const extraField = JSON.stringify({ success: true, data: [{ ...data[0], secret: 1 }] });
    expect(check({ ...observed, body: extraField })).toHaveLength(1);
    expect(check({ ...observed, status: 418 })).toEqual([
      `GET ${API_PREFIX}/services -> 418: status not in the document`,
    ]);
    const { 'x-ratelimit-reset': _reset, ...withoutReset } = observed.headers;
    expect(check({ ...observed, headers: withoutReset })[0]).toMatch(/x-ratelimit-reset missing/);
    expect(
      check({ ...observed, headers: { ...observed.headers, 'x-ratelimit-limit': 'many' } }),
    ).toHaveLength(1);
    expect(check({ ...observed, method: 'DELETE', status: 200 })).toHaveLength(1);
  });
});

describe('Swagger UI at /docs', () => {
  it('serves the Swagger UI page and its assets from this server, no key needed', async () => {
    const page = await fetch(`${server.url}${DOCS_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui"></div>');
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    const styles = [
      ...html.matchAll(/<link rel="stylesheet" type="text\/css" href="([^"]+)"/g),
    ].map((m) => m[1] ?? '');
    expect(scripts).toContain('./static/swagger-ui-bundle.js');
    for (const asset of [...scripts, ...styles]) {
      expect(asset, 'no CDN: every asset is relative to this server').toMatch(/^\.\/static\//);
      const response = await fetch(new URL(asset, `${server.url}${DOCS_PATH}/`));
      expect(response.status, asset).toBe(200);
      await response.arrayBuffer();
    }
    // The CSP of the docs allows exactly what they load: this origin.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    const initializer = await (
      await fetch(`${server.url}${DOCS_PATH}/static/swagger-initializer.js`)
    ).text();
    expect(initializer).toContain("resolveUrl('./json')");
    const json = await fetch(`${server.url}${DOCS_PATH}/json`);
    expect(await json.json()).toEqual(served);
  });

  it('the docs do not open the API: operations still need the key', async () => {
    expect((await fetch(`${server.url}${API_PREFIX}/services`)).status).toBe(401);
  });
});
