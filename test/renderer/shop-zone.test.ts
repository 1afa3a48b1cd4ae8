import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shopTime, shopToday } from '../../renderer/lib/dates';
import { formatInstant } from '../../renderer/lib/format';

// A device set to New York in a Berlin shop: what the screen shows is Berlin's (issue 38 item 12).
describe('issue 38 item 12: dates and times on screen are the shop zone’s, not the device’s', () => {
  const deviceZone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  // 2026-11-24 04:30 in Berlin is still the 23rd in New York.
  const at = new Date('2026-11-24T03:30:00Z');

  it('today and the clock time', () => {
    expect(new Date(at).getDate()).toBe(23);
    expect(shopToday(at, 'Europe/Berlin')).toBe('2026-11-24');
    expect(shopTime(at, 'Europe/Berlin')).toBe('04:30');
  });

  it('an instant on a staff screen (last sync, created)', () => {
    expect(formatInstant(at.toISOString(), 'en-GB', 'Europe/Berlin')).toBe('24/11/2026, 04:30');
    expect(formatInstant(at.getTime(), 'de', 'Europe/Berlin')).toBe('24.11.26, 04:30');
  });
});
