/**
 * The one line a browser shell that could not start prints (kiosk:web, and npm start's fallback):
 * a port in use names the port and the way out (issue 28: it was a raw EADDRINUSE stack).
 */
import { describeError } from '../core/platform';

export function startFailureLine(error: unknown, port: number, command: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `${command}: port ${port} is already in use: stop what uses it, or choose another with -- --port N`;
  if (code === 'EACCES')
    return `${command}: port ${port} may not be used by this user: choose another with -- --port N`;
  return `${command}: could not start: ${describeError(error).message}`;
}
