/**
 * A tiny prefixed logger (STYLE.md §14). Callers never pass secrets or customer personal data.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(prefix: string, enabled = true): Logger {
  const write = (level: string, message: string) => {
    if (enabled) process.stderr.write(`[${prefix}] ${level} ${message}\n`);
  };
  return {
    info: (message) => write('info', message),
    warn: (message) => write('warn', message),
    error: (message, error) => {
      const detail = error instanceof Error ? `: ${error.name}: ${error.message}` : '';
      write('error', `${message}${detail}`);
    },
  };
}
