/**
 * The product's import graph, read with the TypeScript compiler's own pre-processor and module
 * resolution (type-only imports included: a circle of types still marks code in the wrong file).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const PRODUCT_ROOTS = ['electron', 'renderer', 'server', 'shared'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each product file (repo-relative) with the product files it imports. */
export function importGraph(repo: string): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowJs: false,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const graph = new Map<string, string[]>();
  for (const root of PRODUCT_ROOTS) {
    for (const file of sourceFiles(join(repo, root))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles.flatMap(({ fileName }) => {
        if (!fileName.startsWith('.')) return [];
        const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
        return resolved && !resolved.isExternalLibraryImport
          ? [relative(repo, resolved.resolvedFileName)]
          : [];
      });
      graph.set(relative(repo, file), [...new Set(targets)]);
    }
  }
  return graph;
}

/** Every circle of the graph, each as its files in import order (Tarjan's strongly connected components). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file))
      circles.push(component.reverse());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
