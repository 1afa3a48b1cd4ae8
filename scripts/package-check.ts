/**
 * `npm run package:check` (part of `npm test`, after `npm run build`): packs the built app with
 * electron-builder `--dir` for Linux x64 exactly as electron-builder.yml says, but against a
 * stand-in Electron distribution (a stub executable and a `version` file), because the real
 * binary cannot be downloaded here. Fuses are flipped inside the real binary, so this run drops
 * `electronFuses` (a unit test checks that setting). Then it opens the produced app.asar with
 * @electron/asar and fails on anything that should not ship or is missing, and on a size over
 * the budget. Last it starts the bundled main process in Node 22 with a stand-in for electron
 * (scripts/package/main-bundle-smoke.mjs): the core, the embedded server, IPC and app:// must
 * work from the bundle. It prints the figures recorded in bench/RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listPackage } from '@electron/asar';
import { Arch, Platform, build, type Configuration } from 'electron-builder';
import { parse } from 'yaml';
import { appPaths } from '../electron/main/app-paths';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_BYTES = 12 * 1024 * 1024;
const ELECTRON_VERSION = '45.4.1';

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** A folder that electron-builder accepts as an Electron distribution: it only copies it. */
function stubElectronDist(dir: string): string {
  const dist = join(dir, 'electron-dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    join(dist, 'electron'),
    '#!/bin/sh\necho "stand-in Electron: cannot run"; exit 1\n',
  );
  chmodSync(join(dist, 'electron'), 0o755);
  writeFileSync(join(dist, 'version'), ELECTRON_VERSION);
  writeFileSync(join(dist, 'LICENSE'), 'stand-in');
  return dist;
}

/**
 * electron-builder.yml without electronFuses, written beside the output: electron-builder merges
 * a configuration object over the project's file (it would keep the fuses), but takes a file
 * path instead of it.
 */
function builderConfigFile(dir: string, output: string, electronDist: string): string {
  const { electronFuses: _fuses, ...config } = parse(
    readFileSync(join(root, 'electron-builder.yml'), 'utf8'),
  ) as Configuration;
  const path = join(dir, 'electron-builder.json');
  const stubbed: Configuration = {
    ...config,
    electronDist,
    electronVersion: ELECTRON_VERSION,
    directories: { ...config.directories, output },
  };
  writeFileSync(path, JSON.stringify(stubbed));
  return path;
}

function folderBytes(dir: string): { bytes: number; files: string[] } {
  const files: string[] = [];
  let bytes = 0;
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        bytes += statSync(path).size;
        files.push(relative(dir, path).split(sep).join('/'));
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return { bytes, files };
}

const problems: string[] = [];
const expect = (ok: boolean, problem: string): void => {
  if (!ok) problems.push(problem);
};

if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
  console.error('package:check: out/ is missing; run `npm run build` first');
  process.exit(1);
}

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'frontdesk-package-'));
try {
  const output = join(work, 'dist');
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    config: builderConfigFile(work, output, stubElectronDist(work)),
    publish: 'never',
  });
  const resources = join(output, 'linux-unpacked', 'resources');
  const asarPath = join(resources, 'app.asar');
  const asarBytes = statSync(asarPath).size;
  const unpacked = folderBytes(join(resources, 'app.asar.unpacked'));
  // listPackage answers with the archive's own separators and a leading one: normalise.
  const files = listPackage(asarPath, { isPack: false }).map((path) => path.split(sep).join('/'));
  const fileSet = new Set(files);
  if (parseArgs({ options: { list: { type: 'boolean' } } }).values.list) {
    for (const path of files) console.log(`asar ${path}`);
    for (const path of unpacked.files) console.log(`unpacked /${path}`);
  }

  for (const required of [
    '/package.json',
    '/out/main/index.js',
    '/out/preload/index.cjs',
    '/out/renderer/index.html',
    '/drizzle/kiosk/meta/_journal.json',
    '/drizzle/server/meta/_journal.json',
  ]) {
    expect(fileSet.has(required), `missing from app.asar: ${required}`);
  }
  // The main process finds the migrations from out/main inside the archive.
  const packagedRoot = join(resources, 'app.asar');
  const paths = appPaths(join(packagedRoot, 'out', 'main'));
  for (const folder of [paths.kioskMigrations, paths.serverMigrations]) {
    const migrations = relative(packagedRoot, folder).split(sep).join('/');
    expect(
      fileSet.has(`/${migrations}/meta/_journal.json`),
      `migrations do not resolve from out/main (${migrations})`,
    );
    expect(
      files.some((path) => path.startsWith(`/${migrations}/`) && path.endsWith('.sql')),
      `no migration SQL in app.asar under ${migrations}`,
    );
  }

  const nativeUnpacked = unpacked.files.filter((path) => path.endsWith('.node'));
  expect(
    nativeUnpacked.length === 1 &&
      nativeUnpacked[0] === 'node_modules/better-sqlite3/prebuilds/linux-x64.node',
    `expected only better-sqlite3's linux-x64 binary unpacked, found: ${nativeUnpacked.join(', ') || 'none'}`,
  );
  const nativeInArchive = files.filter(
    (path) => path.endsWith('.node') && !fileSet.has(`${path}/`),
  );
  for (const path of nativeInArchive) {
    expect(unpacked.files.includes(path.slice(1)), `native module packed inside app.asar: ${path}`);
  }

  for (const name of Object.keys(packageJson.devDependencies)) {
    expect(
      !files.some((path) => path.startsWith(`/node_modules/${name}/`)),
      `devDependency shipped: ${name}`,
    );
  }
  for (const path of [...files, ...unpacked.files.map((file) => `/${file}`)]) {
    if (path.endsWith('.map')) problems.push(`source map shipped: ${path}`);
    if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(path) || /^\/(test|bench|scripts)\//.test(path))
      problems.push(`test or tool shipped: ${path}`);
    if (/^\/(electron|renderer|server|shared)\/.*\.tsx?$/.test(path))
      problems.push(`TypeScript source shipped: ${path}`);
    if (/(^|\/)\.env(\.|$)|\.(pem|p12|pfx|key)$|api-key/.test(path))
      problems.push(`secret-like file shipped: ${path}`);
  }

  const total = asarBytes + unpacked.bytes;
  expect(
    total <= BUDGET_BYTES,
    `app.asar + unpacked is ${mb(total)}, over the ${mb(BUDGET_BYTES)} budget`,
  );
  console.log(
    `package:check: app.asar ${mb(asarBytes)} (${files.length} entries), unpacked ${mb(unpacked.bytes)} (${unpacked.files.length} files), total ${mb(total)} of ${mb(BUDGET_BYTES)}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // The bundle itself, run in Node 22 (Electron 45's) with a stand-in for electron.
  const smokeDir = join(work, 'smoke');
  mkdirSync(smokeDir);
  const smoke = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'package', 'main-bundle-smoke.mjs'), root, smokeDir],
    {
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  expect(
    smoke.status === 0,
    `the bundled main process did not start: ${(smoke.stderr || smoke.stdout || String(smoke.error)).trim()}`,
  );
  if (smoke.status === 0)
    console.log(
      `package:check: bundled main in Node ${process.versions.node}: ${smoke.stdout.trim()}`,
    );
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`package:check: ${problem}`);
  process.exit(1);
}
console.log('package:check: ok');

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
