/**
 * The one style of the command lines (shared/cli-flags.ts): util.parseArgs reads, a zod schema
 * of these helpers checks, the first problem is one line naming its flag. The server and the web
 * shell say the same about the same flag.
 */
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UsageError, parseWebCliArgs } from '../../electron/web/cli-args';
import { parseCliArgs } from '../../server/cli-args';
import {
  checkFlags,
  nonBlankFlag,
  parseArgsError,
  portFlag,
  readFlag,
} from '../../shared/cli-flags';

const Flags = z.object({
  port: portFlag('--port', 80),
  db: nonBlankFlag('--db: expected a file path'),
  seed: readFlag(
    (seed) => (seed === 'demo' ? seed : undefined),
    (seed) => `--seed: only "demo" is known, got ${JSON.stringify(seed)}`,
  ),
});

describe('checkFlags', () => {
  it('gives the checked values, defaults filled in', () => {
    expect(checkFlags(Flags, {})).toEqual({ ok: true, value: { port: 80 } });
    expect(checkFlags(Flags, { port: '0', db: 'x.db', seed: 'demo' })).toEqual({
      ok: true,
      value: { port: 0, db: 'x.db', seed: 'demo' },
    });
  });

  it.each([
    [{ port: 'abc' }, '--port must be 0 to 65535, got "abc"'],
    [{ port: '65536' }, '--port must be 0 to 65535, got "65536"'],
    [{ db: ' ' }, '--db: expected a file path'],
    [{ seed: 'big' }, '--seed: only "demo" is known, got "big"'],
    [{ port: 'x', seed: 'big' }, '--port must be 0 to 65535, got "x"'],
  ])('refuses %j with one line: the first problem', (values, error) => {
    expect(checkFlags(Flags, values)).toEqual({ ok: false, error });
  });

  it("says util.parseArgs's own refusal in one line", () => {
    let error: unknown;
    try {
      parseArgs({ args: ['--bogus'], options: {} });
    } catch (thrown) {
      error = thrown;
    }
    expect(parseArgsError(error)).toMatch(/^Unknown option '--bogus'[^\n]*$/);
  });

  it('the server and the web shell refuse a bad port with the same words', () => {
    const line = '--port must be 0 to 65535, got "eighty"';
    expect(parseCliArgs(['--port', 'eighty'], {})).toEqual({ ok: false, error: line });
    expect(() => parseWebCliArgs(['--port', 'eighty'], {}, 'darwin')).toThrow(new UsageError(line));
  });
});
