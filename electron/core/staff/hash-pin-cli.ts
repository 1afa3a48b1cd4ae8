/**
 * `npm run hash-pin` (and the packaged app's `--hash-pin`): reads a staff PIN from standard input
 * (first line; digits only, 4 to 12) and prints the self-describing scrypt string that IT puts in
 * the machine config as `staffPinHash` (or FRONTDESK_STAFF_PIN_HASH). The PIN itself is never
 * printed or logged. Returns the exit code: 0, or 2 with one line on stderr.
 */
import { hashPin } from './pin';

export async function runHashPin(
  input: AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.includes('\n') || text.length > 1024) break;
  }
  const pin = (text.split(/\r?\n/)[0] ?? '').trim();
  if (!/^\d{4,12}$/.test(pin)) {
    err(
      'hash-pin: the PIN must be 4 to 12 digits (read from standard input, e.g. `echo 4711 | npm run hash-pin`)',
    );
    return 2;
  }
  out(hashPin(pin));
  return 0;
}
