/**
 * The published reference (spec section 1): the OpenAPI document at
 * `GET /api/public/booking/openapi.json` and Swagger UI at `/docs`, both without a key (they are
 * registered outside the authenticated API scope). Swagger UI's assets come from the
 * @fastify/swagger-ui package on this server, never from a CDN; "Try it out" calls this same
 * origin with the key given under "Authorize".
 */
import swagger from '@fastify/swagger';
import type { StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { DOCS_PATH, OPENAPI_PATH, buildOpenApiDocument } from '../openapi/document';

/** Swagger UI loads only its own scripts and styles; it styles elements inline. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** A Fastify plugin: `app.register(apiDocs)`. */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  // @fastify/swagger's types know OpenAPI 3.0 only; in static mode it serves the object unchanged.
  const document = buildOpenApiDocument() as unknown as StaticDocumentSpec['document'];
  await app.register(swagger, { mode: 'static', specification: { document } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    uiConfig: { persistAuthorization: false, displayRequestDuration: true },
    validatorUrl: false,
    theme: { title: 'Frontdesk API reference' },
  });
  app.get(OPENAPI_PATH, (_request, reply) => reply.type('application/json').send(app.swagger()));
}
