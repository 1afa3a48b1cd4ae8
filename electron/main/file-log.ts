import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogSink } from '../core/log';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A log file for IT in userData (main.log, the previous one kept as main.log.1). Lines come from
 * the prefixed logger, which never carries secrets or customer data.
 */
export function createFileLogSink(path: string, mirror?: LogSink): LogSink {
  mkdirSync(dirname(path), { recursive: true });
  try {
    if (statSync(path).size > MAX_BYTES) renameSync(path, `${path}.1`);
  } catch {
    // No log yet.
  }
  return (line) => {
    try {
      appendFileSync(path, `${line}\n`);
    } catch {
      // A full disk must not take the kiosk down; the mirror still sees the line.
    }
    mirror?.(line);
  };
}
