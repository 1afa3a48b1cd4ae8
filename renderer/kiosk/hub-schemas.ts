/**
 * The zod schemas of the hub's answers to pairing and staff (renderer/kiosk/hub-client.ts), a
 * chunk of their own: a tablet's first load neither fetches nor builds zod before it paints.
 */
import { z } from 'zod';

export const PairingCode = z.object({
  code: z.string(),
  expiresAt: z.number(),
  url: z.string(),
  fingerprint: z.string(),
});

export const ScreenList = z.object({
  fingerprint: z.string(),
  screens: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(['kiosk', 'counter']),
      address: z.string(),
      lastSeenAt: z.number(),
    }),
  ),
});

export const Paired = z.object({ name: z.string() });
export const Removed = z.object({ removed: z.boolean() });
