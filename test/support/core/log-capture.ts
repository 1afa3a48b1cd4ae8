/**
 * A real logger (electron/core/platform/log.ts, redaction included) whose lines a test keeps, without
 * their timestamp: `LEVEL prefix: message {fields}`.
 */
import { createLogger, type Logger, type LogLevel } from '../../../electron/core/platform/log';

export function captureLog(
  prefix: string,
  level: LogLevel = 'info',
): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const log = createLogger(prefix, {
    level,
    sink: (line) => lines.push(line.slice(line.indexOf(' ') + 1)),
  });
  return { log, lines };
}
