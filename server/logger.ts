/**
 * A tiny prefixed logger (STYLE.md §14). Callers never pass secrets or customer personal data.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** `verbose` switches info lines on; warnings and errors are always written (to stderr). */
export function createLogger(prefix: string, verbose = true): Logger {
  const write = (level: string, message: string) => {
    process.stderr.write(`[${prefix}] ${level} ${message}\n`);
  };
  return {
    info: (message) => {
      if (verbose) write('info', message);
    },
    warn: (message) => write('warn', message),
    error: (message, error) => {
      const detail = error instanceof Error ? `: ${error.name}: ${error.message}` : '';
      write('error', `${message}${detail}`);
    },
  };
}
