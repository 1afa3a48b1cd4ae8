/**
 * The release workflow cannot run here (it needs GitHub's Windows, macOS and Linux runners and
 * the signing secrets), so it is linted: it parses, runs from a version tag on the three OSes,
 * builds, smoke-tests and signs each, names only the secrets README documents, and every npm
 * script and file it uses exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const text = readFileSync(`${root}.github/workflows/release.yml`, 'utf8');

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  strategy?: { matrix?: { include?: { os: string; target: string }[] } };
  permissions?: Record<string, string>;
  steps: Step[];
}
const workflow = parse(text) as {
  on: { push?: { tags?: string[] } };
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
};
const scripts = (
  JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }
).scripts;
const build = workflow.jobs.build;
const runs = (job: Job | undefined) =>
  (job?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));

const SIGNING_SECRETS = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
];

describe('.github/workflows/release.yml', () => {
  it('runs from a version tag only, read-only by default', () => {
    expect(Object.keys(workflow.on)).toEqual(['push']);
    expect(workflow.on.push?.tags).toEqual(['v*']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('builds on Windows, macOS and Linux runners, each for its own OS', () => {
    expect(build?.['runs-on']).toBe('${{ matrix.os }}');
    expect(build?.strategy?.matrix?.include).toEqual([
      { os: 'windows-latest', target: '--win' },
      { os: 'macos-latest', target: '--mac' },
      { os: 'ubuntu-latest', target: '--linux' },
    ]);
  });

  it('tests, smoke-tests the Electron app and then signs, in that order', () => {
    const steps = runs(build);
    const at = (pattern: RegExp) => steps.findIndex((run) => pattern.test(run));
    expect(at(/^npm ci$/)).toBe(0);
    const order = [
      /npm run build/,
      /npm run test:vitest/,
      /npm run test:electron/,
      /electron-builder \$\{\{ matrix\.target \}\} --publish never/,
    ];
    const positions = order.map(at);
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The Linux runner needs a display for the smoke test, with Electron's sandbox left on.
    expect(steps.some((run) => run.includes('xvfb-run -a npm run test:electron'))).toBe(true);
    expect(steps.join('\n')).not.toMatch(/--no-sandbox/);
  });

  it('uses only npm scripts and files that exist', () => {
    const used = [...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? '');
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(scripts, `npm run ${name}`).toHaveProperty(name);
    expect(scripts['test:electron']).toContain('playwright.electron.config.ts');
    expect(existsSync(`${root}playwright.electron.config.ts`)).toBe(true);
    expect(existsSync(`${root}test/smoke/electron.smoke.ts`)).toBe(true);
  });

  it('names only the signing secrets README documents, and only on the signing step', () => {
    const named = [...text.matchAll(/secrets\.(\w+)/g)].map((match) => match[1] ?? '');
    expect([...new Set(named)].sort()).toEqual([...SIGNING_SECRETS].sort());
    const readme = readFileSync(`${root}README.md`, 'utf8');
    for (const secret of SIGNING_SECRETS.filter((name) => !name.startsWith('APPLE_')))
      expect(readme).toContain(secret);
    expect(readme).toContain('APPLE_*');
    const withSecrets =
      build?.steps.filter((step) =>
        Object.values(step.env ?? {}).some((value) => value.includes('secrets.')),
      ) ?? [];
    expect(withSecrets).toHaveLength(1);
    expect(withSecrets[0]?.run).toMatch(/electron-builder/);
  });

  it('drafts the release from the three builds with the installers and the update feed files', () => {
    const release = workflow.jobs.release;
    expect(release?.needs).toBe('build');
    expect(release?.permissions).toEqual({ contents: 'write' });
    expect(runs(release).join('\n')).toMatch(
      /gh release create "\$GITHUB_REF_NAME" dist\/\* --draft/,
    );
    const upload = build?.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.path)).toMatch(/latest\*\.yml/);
  });

  it('pins every action to a major version', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.flatMap((step) => (step.uses ? [step.uses] : [])),
    );
    for (const action of uses) expect(action).toMatch(/^actions\/[\w-]+@v\d+$/);
  });
});
