/**
 * Issue 27: a room of the kiosk core (electron/core/<room>/) imports another room only through
 * that room's index.ts, and nothing in the core imports the composition (kiosk-core.ts). The
 * repo's own ESLint config decides, on files placed at core paths (never written to disk).
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..', '..');
// The files are not on disk, so the type-aware rules (which need them in a tsconfig) are off;
// no-restricted-imports reads the specifiers only.
const eslint = new ESLint({ cwd: REPO, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The import bans ESLint reports for `code` at `path` (repo-relative). */
async function bans(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal)
    .map((message) => message.message);
}

describe('imports between the rooms of the kiosk core', () => {
  const ROOM_FILE = 'electron/core/booking/room-probe.ts';
  // Loading the config and its plugins takes seconds the first time.
  beforeAll(() => eslint.calculateConfigForFile(join(REPO, ROOM_FILE)), 60_000);

  it('reports a file of another room imported past its index', async () => {
    const found = await bans(ROOM_FILE, "export { createReplayer } from '../outbox/replayer';\n");
    expect(found).toEqual([expect.stringContaining("through its index ('../<room>')")]);
    expect(
      await bans(
        ROOM_FILE,
        "import type { OutboxEntry } from '../outbox/entry';\nexport type E = OutboxEntry;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a room import another room’s index, its own files and shared/', async () => {
    const code = [
      "import { createReplayer } from '../outbox';",
      "import { createScreenHolds } from './screen-holds';",
      "import { KioskFailure } from '../../../shared/result';",
      'export { createReplayer, createScreenHolds, KioskFailure };',
      '',
    ].join('\n');
    expect(await bans(ROOM_FILE, code)).toEqual([]);
  });

  it('reports a room that imports the composition', async () => {
    const code = "import { createKioskCore } from '../kiosk-core';\nexport { createKioskCore };\n";
    expect(await bans(ROOM_FILE, code)).toEqual([expect.stringContaining('no room imports it')]);
  });

  it('makes the composition at the root use the indexes too, and nothing import kiosk-core.ts', async () => {
    const ROOT_FILE = 'electron/core/kiosk-probe.ts';
    expect(await bans(ROOT_FILE, "export { createReplayer } from './outbox';\n")).toEqual([]);
    expect(await bans(ROOT_FILE, "export { createReplayer } from './outbox/replayer';\n")).toEqual([
      expect.stringContaining("through its index ('./<room>')"),
    ]);
    expect(await bans(ROOT_FILE, "export { createKioskCore } from './kiosk-core';\n")).toEqual([
      expect.stringContaining('Nothing in the kiosk core imports'),
    ]);
  });

  it('keeps the runtime bans: only the embedded upstream starts the reference server', async () => {
    const start = "export { startServer } from '../../../server/start-server';\n";
    expect(await bans('electron/core/link/embedded.ts', start)).toEqual([]);
    expect(await bans('electron/core/link/other.ts', start)).toHaveLength(1);
    expect(
      await bans(
        'electron/core/link/embedded.ts',
        "export { buildApp } from '../../../server/app';\n",
      ),
    ).toHaveLength(1);
  });
});
