import { describe, expect, it } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, withEarlyBootAnswers } from '../../renderer/kiosk/first-answers';
import { fail } from '../../shared/result';
import { FakeKioskClient } from './support/fake-kiosk-client';

const methodsCalled = (fake: FakeKioskClient) => fake.calls.map((call) => call.method);

describe('withEarlyBootAnswers (a hub screen asks for its start data beside the gate)', () => {
  it('asks for settings and catalog at once, and the first call of each takes that answer', async () => {
    const fake = new FakeKioskClient();
    const client = withEarlyBootAnswers(fake);
    expect(methodsCalled(fake)).toEqual(['getPublicSettings', 'getCatalog']);

    const [settings, catalog] = await Promise.all([
      client.getPublicSettings(undefined),
      client.getCatalog(undefined),
    ]);
    expect(settings.ok && settings.result.mode).toBe('kiosk');
    expect(catalog.ok && catalog.result.services.length).toBeGreaterThan(0);
    expect(methodsCalled(fake)).toEqual(['getPublicSettings', 'getCatalog']);

    // Later calls (a refresh between customers) ask the core again.
    await client.getPublicSettings(undefined);
    await client.getCatalog(undefined);
    expect(methodsCalled(fake)).toEqual([
      'getPublicSettings',
      'getCatalog',
      'getPublicSettings',
      'getCatalog',
    ]);
  });

  it('asks again when the early answer was a refusal (a screen not yet paired)', async () => {
    const fake = new FakeKioskClient();
    const answer = fake.getPublicSettings;
    let refuse = true;
    fake.getPublicSettings = (input) =>
      refuse
        ? Promise.resolve(fail('unauthorized', 'missing or wrong kiosk token'))
        : answer(input);
    const client = withEarlyBootAnswers(fake);
    refuse = false; // the screen was paired meanwhile
    const settings = await client.getPublicSettings(undefined);
    expect(settings.ok).toBe(true);
    expect(methodsCalled(fake)).toEqual(['getCatalog', 'getPublicSettings']);
  });

  it('asks again when the early answer is older than its limit (staff may have changed it)', async () => {
    const fake = new FakeKioskClient();
    let clock = 1_000_000;
    const client = withEarlyBootAnswers(fake, () => clock);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the early answers arrive at `clock`
    clock += EARLY_ANSWER_MAX_AGE_MS + 1;
    await client.getCatalog(undefined);
    expect(methodsCalled(fake).filter((method) => method === 'getCatalog')).toHaveLength(2);
    clock -= 2; // within the limit: the early settings serve
    await client.getPublicSettings(undefined);
    expect(methodsCalled(fake).filter((method) => method === 'getPublicSettings')).toHaveLength(1);
  });

  it('passes every other method through, prototype methods included', async () => {
    const fake = new FakeKioskClient();
    const client = withEarlyBootAnswers(fake);
    const status = await client.getSyncStatus(undefined);
    expect(status.ok).toBe(true);
    const events: string[] = [];
    const stop = client.onEvent((event) => events.push(event.type));
    fake.emit({ type: 'status', status: status.ok ? status.result : (undefined as never) });
    stop();
    expect(events).toEqual(['status']);
  });
});
