/**
 * Whether the browser shell's port can be had, asked before the core starts: a busy port then
 * fails with nothing else said (no setup code for a kiosk that is not coming up, no database
 * opened). The shell's own listen still decides; this only makes the common case one line.
 */
import { createServer } from 'node:net';

/** Resolves when `host:port` could be bound (and is let go again); rejects with the bind error. */
export function probePort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
