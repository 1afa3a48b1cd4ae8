/**
 * The hub's listener faces the shop's LAN (issue 39): besides the time limits every listener has
 * (shared/http-timeouts.ts), it caps the connections one address and all together may hold open,
 * so that a stranger's sockets cannot take what the shop's screens need. A connection over a
 * cap is closed at once, before its TLS handshake.
 */
import type { Server } from 'node:net';

export const HUB_CONNECTION_LIMITS = {
  /** One machine: a screen's browser opens up to 6 connections per host, plus its event stream. */
  perAddress: 32,
  /** All together (a shop has a few screens; a flood from many IPv6 sources stops here). */
  total: 256,
} as const;

export function capConnections(
  server: Server,
  limits: { perAddress: number; total: number } = HUB_CONNECTION_LIMITS,
): void {
  server.maxConnections = limits.total; // Node closes the connections over it itself
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
