/**
 * IT's accessibility defaults for the customer screen (issue 31), from the machine file's
 * `access` field: where the reach line sits for the mounting height, and whether larger text is
 * on for every new customer. They reach the screen in PublicSettings.
 */
import { z } from 'zod';
import { ACCESS_DEFAULTS } from './access-defaults';

export const AccessConfig = z
  .object({
    reachLinePercent: z
      .number()
      .int()
      .min(20)
      .max(80)
      .describe(
        "reach mode keeps every control below this line, in per cent of the screen's height from its top (default 50: the lower half of a portrait screen); raise it for a screen mounted low",
      ),
    largeText: z
      .boolean()
      .describe('every new customer starts with text at 200 % (default false: they turn it on)'),
    tapGuardMs: z
      .number()
      .int()
      .min(0)
      .max(3000)
      .describe(
        'how long a new screen ignores taps, in milliseconds, so that a double tap does not act twice (default 800); the spot of the tap that opened it stays dead twice as long. Raise it for customers whose hands shake; 0 turns it off',
      ),
  })
  .partial()
  .strict();
export type AccessConfig = z.infer<typeof AccessConfig>;

/** What the screen reads: IT's values over the defaults. */
export const PublicAccess = z.object({
  reachLinePercent: z.number().int().min(20).max(80),
  largeText: z.boolean(),
  tapGuardMs: z.number().int().min(0).max(3000),
});
export type PublicAccess = z.infer<typeof PublicAccess>;

export function publicAccess(config: AccessConfig | undefined): PublicAccess {
  return { ...ACCESS_DEFAULTS, ...config };
}
