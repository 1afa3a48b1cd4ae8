/**
 * Lookups against an API that is not ours (a scripted one on 127.0.0.1, through the real core
 * and real SQLite): what the reference server never answers, such as a disabled service in the
 * list, and how many requests a lookup costs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskCoreInternals } from '../../../electron/core/kiosk-core';
import { makeTempDir, startCore } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { apiEmployee, apiService } from '../../support/api-fixtures';
import { startScriptedUpstream, type ScriptedUpstream } from '../../support/scripted-upstream';

const MONDAY_1000 = Date.parse('2026-11-23T09:00:00Z');

let temp: ReturnType<typeof makeTempDir>;
let api: ScriptedUpstream;
let core: KioskCoreInternals;

beforeEach(async () => {
  temp = makeTempDir('fd-other-api-');
  api = await startScriptedUpstream();
  api.script('getServices', {
    status: 200,
    json: {
      success: true,
      data: [apiService('svc-on'), apiService('svc-off', { enabled: false })],
    },
  });
  api.script('getEmployees', {
    status: 200,
    json: { success: true, data: [apiEmployee('emp-1')] },
  });
  api.script('getTimeSlots', {
    status: 200,
    json: {
      success: true,
      data: {
        date: '2026-11-24',
        timeSlots: [{ time: '10:00', available: true, employeeId: 'emp-1' }],
      },
    },
  });
  core = await startCore(temp.dir, api.url, { clock: manualClock(MONDAY_1000), staffPin: null });
});

afterEach(async () => {
  await core.close();
  await api.close();
  temp.remove();
});

describe('lookups against an API that is not ours', () => {
  it('a service the API lists as disabled is not offered, live or from the cache', async () => {
    const live = await core.api.getCatalog({});
    expect(live.source).toBe('live');
    expect(live.services.map((s) => s._id)).toEqual(['svc-on']);
    const cached = await core.api.getCatalog({});
    expect(cached.source).toBe('cache');
    expect(cached.services.map((s) => s._id)).toEqual(['svc-on']);
  });

  it('"any" employee is the day\'s own list: asked once, then served from the same cache', async () => {
    await core.api.getCatalog({});
    const first = await core.api.getTimeSlots({ date: '2026-11-24', serviceId: 'svc-on' });
    expect(first.source).toBe('live');
    const asked = api.seen.filter((r) => r.operation === 'getTimeSlots').length;
    const any = await core.api.getTimeSlots({
      date: '2026-11-24',
      serviceId: 'svc-on',
      employeeId: 'any',
    });
    expect(any.source).toBe('cache');
    expect(any.timeSlots).toEqual(first.timeSlots);
    expect(api.seen.filter((r) => r.operation === 'getTimeSlots')).toHaveLength(asked);
  });
});
