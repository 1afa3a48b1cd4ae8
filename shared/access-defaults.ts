/**
 * The customer screen's accessibility defaults when IT sets none (shared/access-config.ts), apart
 * from the schema: the renderer's first load reads them without zod.
 */
export const ACCESS_DEFAULTS = { reachLinePercent: 50, largeText: false, tapGuardMs: 800 } as const;
