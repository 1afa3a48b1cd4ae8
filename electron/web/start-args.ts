/**
 * `npm start -- flags` when it falls back to the browser shell: the same flags as kiosk:web
 * (`--port N` among them), read apart from scripts/start.ts, which runs at top level, so that a
 * test can check them. Bad flags or config become one line and an exit code instead of a throw.
 */
import { USAGE, UsageError, parseWebCliArgs } from './cli-args';
import type { WebCliArgs } from './cli-args';

export type StartArgs =
  | { ok: true; args: WebCliArgs }
  /** `line` goes to stdout when `exitCode` is 0 (--help), else to stderr. */
  | { ok: false; line: string; exitCode: 0 | 2 };

export function readStartArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): StartArgs {
  try {
    return { ok: true, args: parseWebCliArgs(argv, env, platform) };
  } catch (error) {
    if (error instanceof UsageError && error.message === 'help') {
      return { ok: false, line: USAGE.replace('npm run kiosk:web', 'npm start'), exitCode: 0 };
    }
    // UsageError and ConfigError carry a one-line reason; anything else is said the same way.
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, line: `start: ${reason}`, exitCode: 2 };
  }
}
