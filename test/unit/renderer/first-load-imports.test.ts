/**
 * The tablet's first load (issue 20, Lighthouse on the hub's screen URL): the modules that
 * renderer/main.tsx imports statically are the first screen's JS. zod and the contract's
 * schemas are loaded apart, while the first answers are on the way (kiosk-http-client.ts,
 * hub-client.ts); a static import of either here would put them back on the first load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

/** Value imports and re-exports (not `import type`, not `import()`), as written in the source. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    const specifier = match[1] ?? match[2];
    if (specifier) specifiers.push(specifier);
  }
  return specifiers;
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null; // CSS and other assets
}

/** Every module reached from `entry` by static imports, with the packages each one imports. */
function firstLoadGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue;
    const specifiers = staticImports(readFileSync(file, 'utf8'));
    graph.set(
      file,
      specifiers.filter((specifier) => !specifier.startsWith('.')),
    );
    for (const specifier of specifiers) {
      const next = resolveModule(file, specifier);
      if (next) pending.push(next);
    }
  }
  return graph;
}

describe("the renderer's first load", () => {
  const graph = firstLoadGraph(join(REPO, 'renderer/main.tsx'));
  const modules = [...graph.keys()].map((file) => relative(REPO, file));

  it('reaches the start screen and the HTTP client (the walk is complete)', () => {
    expect(modules).toContain('renderer/screens/StartScreen.tsx');
    expect(modules).toContain('shared/kiosk-http-client.ts');
    expect(modules).toContain('renderer/kiosk/hub-client.ts');
  });

  it("imports no zod and none of the contract's schema modules", () => {
    const withZod = [...graph].filter(([, packages]) =>
      packages.some((name) => name === 'zod' || name.startsWith('zod/')),
    );
    expect(withZod.map(([file]) => relative(REPO, file))).toEqual([]);
    expect(modules).not.toContain('shared/kiosk-api.ts');
    expect(modules).not.toContain('shared/api/schemas.ts');
  });

  it('sees a value import of zod where there is one (the check can fail)', () => {
    expect(staticImports("import { z } from 'zod';\nimport type { Y } from './y';")).toEqual([
      'zod',
    ]);
    expect(staticImports("export { a } from './a';\nimport './styles.css';")).toEqual([
      './a',
      './styles.css',
    ]);
  });
});
