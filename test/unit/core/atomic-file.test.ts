/** Issue 27: the one way the core replaces a file (identity marker, secrets, backups). */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  replaceFileAtomically,
  writeFileAtomically,
  writeFileAtomicallyAsync,
} from '../../../electron/core/platform/atomic-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('atomic file replacement', () => {
  it('replaces the content, private to the owner, with no temp file left', async () => {
    const path = join(dir, 'secret');
    writeFileSync(path, 'old', { mode: 0o644 });
    writeFileAtomically(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    await writeFileAtomicallyAsync(path, 'newer');
    expect(readFileSync(path, 'utf8')).toBe('newer');
    writeFileAtomically(path, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('keeps the old file whole and leaves nothing behind when filling fails', () => {
    const path = join(dir, 'copy.db');
    writeFileSync(path, 'whole old copy');
    expect(() =>
      replaceFileAtomically(path, (temp) => {
        writeFileSync(temp, 'half a');
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(readFileSync(path, 'utf8')).toBe('whole old copy');
    expect(readdirSync(dir)).toEqual(['copy.db']);
  });

  it('leaves nothing behind when an async write fails', async () => {
    await expect(writeFileAtomicallyAsync(join(dir, 'missing', 'marker'), 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});
