/**
 * One style for the command lines (server/cli-args.ts, electron/web/cli-args.ts): Node's
 * util.parseArgs reads the flags strictly (an unknown flag or a stray word is an error), then a
 * zod schema built from these helpers checks what it read. Each helper's message names its flag
 * and the first problem is the one-line error. Plain TypeScript: the parsed values come in.
 */
import { z } from 'zod';

export type FlagCheck<T> = { ok: true; value: T } | { ok: false; error: string };

/** util.parseArgs's values checked by `schema`: the value, or the first problem as one line. */
export function checkFlags<T>(schema: z.ZodType<T>, values: unknown): FlagCheck<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'invalid arguments' };
}

/** util.parseArgs's own refusal (an unknown option, a missing value) as one line. */
export function parseArgsError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'invalid arguments';
}

/** `--port N`: 0 to 65535; `fallback` when the flag is not given. */
export function portFlag(flag: string, fallback: number) {
  return z
    .string()
    .default(String(fallback))
    .refine((text) => /^\d{1,5}$/.test(text) && Number(text) <= 65_535, {
      error: (issue) => `${flag} must be 0 to 65535, got ${JSON.stringify(issue.input)}`,
    })
    .transform(Number);
}

/** A flag whose value may not be blank (a path, a host); `problem` says what was expected. */
export function nonBlankFlag(problem: string) {
  return z
    .string()
    .refine((text) => text.trim() !== '', { error: problem })
    .optional();
}

/**
 * A flag read by `read` (undefined: the text is wrong, and `problem` says so, naming the flag and
 * what was expected); the flag's value, or undefined when it is not given.
 */
export function readFlag<T>(
  read: (text: string) => T | undefined,
  problem: (text: string) => string,
) {
  return z
    .string()
    .transform((text, context) => {
      const value = read(text);
      if (value !== undefined) return value;
      context.addIssue({ code: 'custom', message: problem(text) });
      return z.NEVER;
    })
    .optional();
}

/** Keys and tokens on a command line: 1 to 512 visible ASCII characters. */
export const VISIBLE_ASCII = /^[\x21-\x7e]{1,512}$/;
