/**
 * `npm start -- --port N` (issue 28: the flag was ignored): scripts/start.ts runs at top level,
 * so its flags are read by readStartArgs, checked here.
 */
import { describe, expect, it } from 'vitest';
import { readStartArgs } from '../../../electron/web/start-args';

// No FRONTDESK_* variables, and macOS's machine-file path, which does not exist on this machine.
const read = (argv: string[]) => readStartArgs(argv, {}, 'darwin');

describe('readStartArgs', () => {
  it('--port 6123 gives the browser shell port 6123', () => {
    const result = read(['--port', '6123']);
    expect(result).toMatchObject({ ok: true, args: { port: 6123 } });
  });

  it('no flags: the kiosk:web default port', () => {
    expect(read([])).toMatchObject({ ok: true, args: { port: 5175 } });
  });

  it.each([
    [['--port', 'abc'], 'start: --port must be 0 to 65535, got "abc"'],
    [['--port', '70000'], 'start: --port must be 0 to 65535, got "70000"'],
  ])('a bad port %j: one line naming the flag, exit 2', (argv, line) => {
    expect(read(argv)).toEqual({ ok: false, line, exitCode: 2 });
  });

  it('an unknown flag: one line starting with start:, exit 2', () => {
    const result = read(['--prot', '6123']);
    expect(result).toMatchObject({ ok: false, exitCode: 2 });
    if (result.ok) return;
    expect(result.line).toMatch(/^start: Unknown option '--prot'/);
    expect(result.line).not.toContain('\n');
  });

  it('--help: the usage line for npm start, exit 0', () => {
    expect(read(['--help'])).toEqual({
      ok: false,
      line: expect.stringMatching(
        /^usage: npm start -- \[--port N \| --listen HOST:PORT\] \[--mode kiosk\|counter\]/,
      ) as unknown,
      exitCode: 0,
    });
  });
});
