/**
 * Reads a secret (an API key, the browser shell's token) from a file, so that IT never puts it
 * on a command line, where `ps` and shell history show it. The first line counts, trimmed.
 * The caller turns a failure into its own one-line error; it names the path, never content.
 */
import { readFileSync, statSync } from 'node:fs';

export type SecretFileResult =
  | { ok: true; value: string; /** readable by group or others (POSIX only) */ wide: boolean }
  | { ok: false; reason: string };

export function readSecretFile(
  path: string,
  platform: NodeJS.Platform = process.platform,
): SecretFileResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { ok: false, reason: code === 'ENOENT' ? 'file not found' : `cannot be read (${code})` };
  }
  const value = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').trim();
  if (value === '') return { ok: false, reason: 'the first line is empty' };
  const wide = platform !== 'win32' && (statSync(path).mode & 0o077) !== 0;
  return { ok: true, value, wide };
}
