import { closeSync, openSync, readSync, statSync } from 'node:fs';
import electronLog from 'electron-log/node';
import type { LogSink } from './log';

export interface RotatingLogFile {
  /** Where lines go: pass it as createLogger's sink. */
  sink: LogSink;
  path: string;
  /** The last `maxBytes` of the current file (for diagnostics), from a line start. */
  recent(maxBytes?: number): string;
}

/**
 * The app's log file for IT, written and rotated by electron-log (its Node flavour: no Electron
 * import and no IPC channel into the renderer). Past `maxBytes` the file becomes `<name>.old.log`
 * and a new one starts. Lines come formatted and redacted from createLogger; the file is the
 * app user's only.
 */
export function createRotatingLogFile(
  path: string,
  { maxBytes = 5 * 1024 * 1024 } = {},
): RotatingLogFile {
  const logger = electronLog.create({ logId: `frontdesk-${path}` });
  // The file only: no console copy, no IPC or remote transport.
  for (const [name, transport] of Object.entries(logger.transports)) {
    if (name !== 'file' && transport) transport.level = false;
  }
  const file = logger.transports.file;
  file.level = 'silly';
  file.resolvePathFn = () => path;
  file.maxSize = maxBytes;
  file.format = '{text}';
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  return {
    sink: (line) => logger.info(line),
    path,
    recent: (wanted = 64 * 1024) => readTail(path, wanted),
  };
}

function readTail(path: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const size = statSync(path).size;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const text = buffer.toString('utf8');
    // Cut to the first whole line when the tail starts mid-line.
    return length < size ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    closeSync(fd);
  }
}
