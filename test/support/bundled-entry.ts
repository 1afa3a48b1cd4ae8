/**
 * A TypeScript entry bundled into one ES module, for tests that start it as a child process: a
 * bundle starts in ~0.5 s of CPU where `--import tsx` takes ~2.5 s (issue 40: the child
 * processes of cli, kiosk-web and refusal-notice). Built once per test process and entry.
 *
 * Each bundled file keeps its own location: `import.meta.url`, `__dirname` and `__filename`
 * name the file they were written in (the entry excepted, whose main-module check compares its
 * URL with argv[1]), so what is found from them (drizzle/, out/renderer, a package's static
 * files or worker scripts) resolves as it does unbundled. better-sqlite3 stays external
 * (native), so the bundle lives under the repo's node_modules/.cache, where it resolves.
 */
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const built = new Map<string, Promise<string>>();

const LOADERS: Record<string, Loader> = { ts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js' };

/** The source with its location written in, where the file does not declare the names itself. */
function withOwnLocation(source: string, path: string): string {
  let out = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href));
  if (!/\b(const|let|var|function)\s+__(dirname|filename)\b/.test(out))
    out = out
      .replace(/(?<![\w$.])__dirname\b/g, JSON.stringify(dirname(path)))
      .replace(/(?<![\w$.])__filename\b/g, JSON.stringify(path));
  return out;
}

function ownLocations(entry: string): Plugin {
  return {
    name: 'own-locations',
    setup(plugin) {
      plugin.onLoad({ filter: /\.(m|c)?[jt]sx?$/ }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const loader = LOADERS[path.slice(path.lastIndexOf('.') + 1)] ?? 'js';
        return { contents: path === entry ? source : withOwnLocation(source, path), loader };
      });
    },
  };
}

const FOLDER = join(REPO, 'node_modules', '.cache', 'frontdesk-test');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Bundles of test processes that are gone: a worker ended by its pool never runs 'exit'. */
function removeOrphans(): void {
  let names: string[] = [];
  try {
    names = readdirSync(FOLDER);
  } catch {
    return; // no folder yet
  }
  for (const name of names) {
    const pid = Number(/-(\d+)\.mjs$/.exec(name)?.[1]);
    if (pid && !alive(pid)) rmSync(join(FOLDER, name), { force: true });
  }
}

async function bundle(entry: string): Promise<string> {
  removeOrphans();
  const name = entry.slice(REPO.length).replace(/\W+/g, '-');
  const outfile = join(FOLDER, `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['better-sqlite3'],
    outfile,
    logLevel: 'warning',
    plugins: [ownLocations(entry)],
    // Bundled CommonJS dependencies call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  return outfile;
}

/** The bundle of `entry` (a path under the repo), built on the first call in this process. */
export function bundledEntry(entry: string): Promise<string> {
  const path = entry.startsWith('/') ? entry : join(REPO, entry);
  let bundled = built.get(path);
  if (!bundled) {
    bundled = bundle(path);
    built.set(path, bundled);
  }
  return bundled;
}
