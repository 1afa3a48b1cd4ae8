/**
 * Issue 37: the start bench and its test (bench/core/start-requests.ts,
 * test/integration/core/first-minutes-with-screens.test.ts) replay what the counter's booking
 * screen asks the kiosk (test/support/core/start-screens.ts). Here the real page in Chromium
 * does the same staff actions (a service, a person, a later day) and asks exactly the same
 * lookups, call for call (their order within one render aside): the replay does not drift from
 * the renderer.
 */
import type { Page, Request as PageRequest } from '@playwright/test';
import { createHttpKioskClient } from '../../shared/kiosk-http-client';
import { CounterScreen } from '../support/core/start-screens';
import { onScreen } from './support/screens';
import { STAFF_PIN, expect, openKioskAt, setUpKiosk, test } from './support/stack';

/** The lookups the bench counts (not the status, the events or staff calls). */
const LOOKUPS = new Set(['getCatalog', 'getAvailableDays', 'getTimeSlots']);

/** `method {input}` with the input's keys sorted: one line per call, comparable as a list. */
function callLine(method: string, body: string | null): string {
  const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  const sorted = Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)));
  return `${method} ${JSON.stringify(sorted)}`;
}

function lookupOf(url: string, body: string | null): string | null {
  const method = /\/api\/kiosk\/([A-Za-z]+)$/.exec(new URL(url).pathname)?.[1];
  return method && LOOKUPS.has(method) ? callLine(method, body) : null;
}

/** The page's lookups from now on; `settled()` waits until none came for a while, then takes them. */
function pageLookups(page: Page): { settled(): Promise<string[]> } {
  let calls: string[] = [];
  let lastAt = Date.now();
  page.on('request', (request: PageRequest) => {
    const line = lookupOf(request.url(), request.postData());
    if (line === null) return;
    calls.push(line);
    lastAt = Date.now();
  });
  return {
    async settled() {
      await expect.poll(() => Date.now() - lastAt > 1_500, { timeout: 20_000 }).toBe(true);
      const taken = calls.sort();
      calls = [];
      return taken;
    },
  };
}

test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });

test("the counter's lookups are the ones the start bench replays, call for call", async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);

  // The replay, through the browser shell's own HTTP API (the page's transport).
  let replayed: string[] = [];
  const client = createHttpKioskClient({
    baseUrl: kiosk.web.url,
    token: kiosk.web.token,
    fetch: (input, init) => {
      const url =
        input instanceof globalThis.Request ? input.url : input instanceof URL ? input.href : input;
      const line = lookupOf(url, typeof init?.body === 'string' ? init.body : null);
      if (line !== null) replayed.push(line);
      return fetch(input, init);
    },
  });
  const counter = new CounterScreen({ client, now: () => kiosk.clock.now() });
  await counter.boot();
  const take = (): string[] => {
    const taken = replayed.sort();
    replayed = [];
    return taken;
  };
  take();
  await counter.chooseService('svc-damen-schnitt');
  const service = take();
  await counter.choosePerson('emp-anna');
  const person = take();
  await counter.chooseDay(3);
  const day = take();
  const { date } = counter.chosen;
  if (!date) throw new Error('the replay chose no day');

  // The page: the same actions by staff.
  await openKioskAt(page, kiosk, 'pin');
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'counter-booking');
  const seen = pageLookups(page);
  await seen.settled();

  await page.locator('.desk-choice:text-is("Damenhaarschnitt")').click();
  expect(await seen.settled(), 'a service').toEqual(service);
  await page
    .getByTestId('desk-who')
    .getByRole('button', { name: /^Anna Becker/ })
    .click();
  expect(await seen.settled(), 'a person').toEqual(person);
  await page.locator(`.desk-day[data-date="${date}"]`).click();
  expect(await seen.settled(), 'a later day').toEqual(day);
  // The replay asked something at each step (the comparison is not of two empty lists).
  expect(service.length * person.length * day.length).toBeGreaterThan(0);
});
