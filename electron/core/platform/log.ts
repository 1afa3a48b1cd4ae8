/**
 * The shared logger (shared/log.ts) with a Node process's defaults: the level from
 * FRONTDESK_LOG_LEVEL, lines on stderr so that stdout stays free for the lines scripts read (the
 * web shell's URL). The Electron app passes its rotating file (log-file.ts) as the sink.
 */
import { createLogger as createSharedLogger, parseLogLevel } from '../../../shared/log';
import type { LogLevel, LogSink, Logger } from '../../../shared/log';

export { silentLogger } from '../../../shared/log';
export type { LogFields, LogLevel, LogSink, Logger } from '../../../shared/log';
export { describeError, redact } from '../../../shared/redact';

export interface LoggerOptions {
  /** Lowest level written (null: nothing); defaults to env FRONTDESK_LOG_LEVEL, then 'info'. */
  level?: LogLevel | null;
  /** Where lines go; defaults to stderr. Tests pass an array's push. */
  sink?: LogSink;
  /** Clock for the timestamp; injectable for stable test output. */
  now?: () => Date;
}

export function createLogger(prefix: string, options: LoggerOptions = {}): Logger {
  return createSharedLogger(prefix, {
    level:
      options.level === undefined ? parseLogLevel(process.env.FRONTDESK_LOG_LEVEL) : options.level,
    sink: options.sink ?? ((line) => void process.stderr.write(`${line}\n`)),
    now: options.now,
  });
}
