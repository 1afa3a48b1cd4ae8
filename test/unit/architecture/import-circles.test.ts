/** Issue 27: no import circle in the product tree; a circle marks code that sits in the wrong file. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph';

const REPO = join(import.meta.dirname, '..', '..', '..');

describe('the import graph', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads the product tree, type-only imports included', () => {
    const graph = importGraph(REPO);
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('electron/core/kiosk-core.ts')?.length).toBeGreaterThan(5);
  });

  it('has no circle in electron/, renderer/, server/ and shared/', () => {
    expect(importCircles(importGraph(REPO))).toEqual([]);
  });
});
