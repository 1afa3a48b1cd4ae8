/**
 * The renderer's entry makes zod jitless without importing it (issue 38 item 14 and the first
 * load of issue 20): the zod the page loads afterwards reads the setting.
 */
import { describe, expect, it } from 'vitest';

describe('zod without its eval probe in the renderer', () => {
  it('the zod loaded after renderer/zod-jitless.ts is jitless', async () => {
    await import('../../renderer/zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
