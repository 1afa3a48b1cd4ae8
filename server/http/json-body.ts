/**
 * The JSON body parser of the reference server: at most BODY_LIMITS.bytes (413 otherwise) and
 * BODY_LIMITS.depth levels of nested arrays and objects (400 otherwise), so that no code that
 * walks a body can be driven into a stack overflow by a hostile client (issue 11: 5,000 nested
 * arrays answered 500). The depth is checked on the text before it is parsed; parsing is
 * Fastify's own parser, which refuses `__proto__` and `constructor` poisoning.
 */
import type { FastifyInstance } from 'fastify';

export const BODY_LIMITS = { bytes: 16 * 1024, depth: 32 } as const;

export const JSON_TOO_DEEP = 'FD_JSON_TOO_DEEP';

/**
 * True when `text` nests arrays/objects deeper than `maxDepth`. A linear scan that skips string
 * contents; it does not check that the text is JSON (the parser does that next).
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Replaces Fastify's `application/json` parser with the depth-limited one. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, BODY_LIMITS.depth)) {
      const error = Object.assign(new Error(`nested deeper than ${BODY_LIMITS.depth} levels`), {
        statusCode: 400,
        code: JSON_TOO_DEEP,
      });
      done(error, undefined);
      return;
    }
    void parse(request, text, done);
  });
}
