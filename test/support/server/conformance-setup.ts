/**
 * Imported by each of the reference server's tests (test/integration/server/**), for its file
 * only: every response under the API prefix that fetch receives is checked against the OpenAPI
 * document, and a test fails on any mismatch recorded while it ran (see openapi-conformance.ts;
 * the harness records inject() responses the same way). An import rather than a setup file of
 * the integration project, so that the other integration files do not load swagger-parser and
 * ajv (issue 40).
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { recordResponse, takeViolations } from './openapi-conformance';

beforeAll(() => {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = response.url || String(input instanceof Request ? input.url : input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const body = await response.clone().text();
    recordResponse({
      method,
      url,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body,
    });
    return response;
  };
});

afterEach(async () => {
  expect(await takeViolations(), 'responses that do not match the OpenAPI document').toEqual([]);
});
