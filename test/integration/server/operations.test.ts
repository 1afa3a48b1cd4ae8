/**
 * The API's table (shared/api/operations.ts) is what the server serves and documents: every
 * operation at its method and path, with its query and body; the document has no other path.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../server/openapi/document';
import { apiOperationNames, apiOperations } from '../../../shared/api/operations';
import { API_PREFIX } from '../../../shared/api/schemas';
import { createTestApp, type TestApp } from '../../support/server/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the API table on the server', () => {
  const document = buildOpenApiDocument();

  it.each(apiOperationNames)(
    "%s: routed and documented at the table's method and path, with its query and body",
    (name) => {
      const { method, path, query, body } = apiOperations[name];
      const url = `${API_PREFIX}${path}`;
      expect(t.app.hasRoute({ method, url }), `${method} ${url} has no route`).toBe(true);
      const documented = document.paths[url]?.[method === 'GET' ? 'get' : 'post'];
      expect(documented, `${method} ${url} is not in the OpenAPI document`).toBeDefined();
      const queryNames = (documented?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      expect(queryNames).toEqual(Object.keys(query?.shape ?? {}));
      expect(documented?.requestBody !== undefined).toBe(body !== null);
    },
  );

  it('documents no path the table does not have; a method or path outside it has no route', () => {
    const tablePaths = apiOperationNames.map((name) => `${API_PREFIX}${apiOperations[name].path}`);
    expect(Object.keys(document.paths).sort()).toEqual(tablePaths.sort());
    expect(t.app.hasRoute({ method: 'GET', url: `${API_PREFIX}/bookings` })).toBe(false);
    expect(t.app.hasRoute({ method: 'POST', url: `${API_PREFIX}/services` })).toBe(false);
  });
});
