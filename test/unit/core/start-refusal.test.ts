/** Each start refusal is one line naming the recovery steps; full disks are told apart from other I/O errors. */
import { describe, expect, it } from 'vitest';
import {
  classifyStartError,
  RECOVERY_POINTER,
  refusalLine,
  type StartRefusal,
} from '../../../electron/core/db/start-refusal';

const withCode = (code: string, message = 'boom'): Error =>
  Object.assign(new Error(message), { code });

describe('refusalLine', () => {
  it.each<[StartRefusal, string]>([
    [
      { reason: 'missing', beside: 'wal', generation: 4 },
      'kiosk.db is missing (its WAL is still there)',
    ],
    [{ reason: 'missing', beside: null, generation: 4 }, 'kiosk.db is missing although'],
    [{ reason: 'empty', generation: 9 }, 'kiosk.db is empty (0 bytes)'],
    [{ reason: 'replaced' }, "not this kiosk's database"],
    [
      { reason: 'rolled-back', dbGeneration: 3, markerGeneration: 7 },
      'rolled back (generation 3, this kiosk reached 7',
    ],
    [
      { reason: 'damaged', detail: '*** in database main ***\nTree 12 page 12: bad' },
      'damaged (*** in database main *** Tree 12 page 12: bad)',
    ],
    [
      { reason: 'marker-unreadable', detail: 'not JSON' },
      'kiosk-identity.json cannot be read (not JSON)',
    ],
    [
      { reason: 'disk-full', dataDir: '/data', freeBytes: 0 },
      'disk full: the disk of /data has 0 bytes of space left',
    ],
    [{ reason: 'unreadable', detail: 'EACCES' }, 'cannot be opened (EACCES)'],
  ])('%j is one line: %s', (refusal, text) => {
    const line = refusalLine(refusal);
    expect(line).toContain(text);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.endsWith(RECOVERY_POINTER)).toBe(true);
  });
});

describe('classifyStartError', () => {
  it.each([
    ['ENOSPC', 5_000_000_000, 'disk-full'],
    ['SQLITE_FULL', 5_000_000_000, 'disk-full'],
    ['EDQUOT', 5_000_000_000, 'disk-full'],
    ['SQLITE_IOERR_WRITE', 4096, 'disk-full'],
    ['SQLITE_IOERR_SHMSIZE', 0, 'disk-full'],
    ['SQLITE_IOERR_WRITE', 5_000_000_000, 'unreadable'],
    ['SQLITE_CORRUPT', 0, 'damaged'],
    ['SQLITE_NOTADB', 5_000_000_000, 'damaged'],
    ['EACCES', 0, 'unreadable'],
  ])('%s with %d bytes free: %s', (code, free, reason) => {
    expect(classifyStartError(withCode(code), '/data', () => free).reason).toBe(reason);
  });

  it('an I/O error when the free space cannot be read is not guessed to be a full disk', () => {
    expect(classifyStartError(withCode('SQLITE_IOERR'), '/data', () => null).reason).toBe(
      'unreadable',
    );
  });
});
