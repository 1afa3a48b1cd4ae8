/**
 * `npm run mutation:score`: the mutation score per file and in total from each area's last
 * Stryker run, as committed in bench/mutation (one file per area, FRONTDESK_MUTATE, see
 * AREAS in stryker.config.mjs). Score as Stryker counts it: detected (killed, time-out) over valid
 * mutants (detected, survived, no coverage); compile and runtime errors and ignored ones are
 * not valid mutants.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

const Report = z.object({
  files: z.record(z.string(), z.object({ mutants: z.array(z.object({ status: z.string() })) })),
});

export interface Tally {
  detected: number;
  survived: number;
  noCoverage: number;
}

export function tally(statuses: readonly string[]): Tally {
  const count = (...names: string[]): number =>
    statuses.filter((status) => names.includes(status)).length;
  return {
    detected: count('Killed', 'Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
  };
}

export function score(t: Tally): number {
  const valid = t.detected + t.survived + t.noCoverage;
  return valid === 0 ? 100 : (100 * t.detected) / valid;
}

/** What each area mutates under electron/core: a room's folder ('outbox/') or a file. */
export type Areas = Record<string, readonly string[]>;

/** The area that mutates a file (stryker.config.mjs): `electron/core/outbox/send.ts` -> `outbox`. */
export function areaOf(path: string, areas: Areas): string {
  const file = /electron\/core\/(.+)$/.exec(path.replaceAll('\\', '/'))?.[1];
  if (file === undefined) return path;
  const found = Object.entries(areas).find(([, paths]) =>
    paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)),
  );
  return found?.[0] ?? path;
}

/** The areas of stryker.config.mjs (plain JavaScript, so it is loaded, not imported). */
export async function strykerAreas(): Promise<Areas> {
  const config = (await import(pathToFileURL(resolve('stryker.config.mjs')).href)) as {
    AREAS: Areas;
  };
  return config.AREAS;
}

async function main(): Promise<void> {
  const areaTable = await strykerAreas();
  const dir = 'bench/mutation';
  const perFile = new Map<string, string[]>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const report = Report.parse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
    for (const [path, file] of Object.entries(report.files)) {
      perFile.set(
        relative(process.cwd(), path) || path,
        file.mutants.map((mutant) => mutant.status),
      );
    }
  }
  const all: string[] = [];
  for (const [path, statuses] of [...perFile].sort(([a], [b]) => a.localeCompare(b))) {
    const t = tally(statuses);
    all.push(...statuses);
    console.log(
      `${score(t).toFixed(1).padStart(5)} %  ${String(t.detected).padStart(4)} detected ${String(t.survived).padStart(4)} survived ${String(t.noCoverage).padStart(4)} no coverage  ${path}`,
    );
  }
  // Per area, the figure bench/RESULTS.md compares between runs (the former engine's is the sum of
  // booking, staff and status).
  const areas = new Map<string, string[]>();
  for (const [path, statuses] of perFile) {
    const area = areaOf(path, areaTable);
    areas.set(area, [...(areas.get(area) ?? []), ...statuses]);
  }
  for (const [area, statuses] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
    const t = tally(statuses);
    console.log(
      `area ${area}: ${score(t).toFixed(2)} % (${t.detected} detected, ${t.survived} survived, ${t.noCoverage} no coverage)`,
    );
  }
  const total = tally(all);
  console.log(
    `mutation score: ${score(total).toFixed(1)} % (${total.detected} detected, ${total.survived} survived, ${total.noCoverage} no coverage, ${perFile.size} files)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
