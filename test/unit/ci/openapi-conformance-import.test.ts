/**
 * The OpenAPI check of the reference server's responses is an import of each server test file,
 * not a setup file of the whole integration project (issue 40): a server test file that forgets
 * it would go unchecked, so this fails instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const SERVER_TESTS = join(import.meta.dirname, '../../integration/server');

it('every test file of the reference server imports conformance-setup', () => {
  const files = readdirSync(SERVER_TESTS).filter((name) => name.endsWith('.test.ts'));
  expect(files.length).toBeGreaterThan(10);
  const without = files.filter(
    (name) =>
      !readFileSync(join(SERVER_TESTS, name), 'utf8').includes(
        "import '../../support/server/conformance-setup';",
      ),
  );
  expect(without).toEqual([]);
});
