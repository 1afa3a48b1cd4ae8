/**
 * The walk-in flow on days that break calendar code: the last evening of a month (the day
 * screen opens on the next month by itself) and both 2026 DST days in Berlin. Server, kiosk
 * and page share each fixed instant (support/stack.ts), so the run does not depend on the date
 * or the zone of the machine.
 */
import {
  CUSTOMER,
  chooseSlot,
  fillDetails,
  firstFreeSlot,
  kioskToday,
  start,
} from './support/flow';
import { onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';

const DAYS = [
  {
    name: 'the last evening of November (19:30)',
    at: '2026-11-30T18:30:00Z',
    today: '2026-11-30',
    opensNextMonth: true,
  },
  {
    name: 'the spring-forward day (2026-03-29, 10:00 CEST)',
    at: '2026-03-29T08:00:00Z',
    today: '2026-03-29',
    opensNextMonth: false,
  },
  {
    name: 'the fall-back day (2026-10-25, 10:00 CET)',
    at: '2026-10-25T09:00:00Z',
    today: '2026-10-25',
    opensNextMonth: false,
  },
] as const;

for (const day of DAYS) {
  test.describe(day.name, () => {
    test.use({ clockStart: Date.parse(day.at) });

    test('a walk-in books the first free slot', async ({ page, kiosk }) => {
      expect(kioskToday(kiosk).date).toBe(day.today);
      await setUpKiosk(kiosk);
      await openKiosk(page, kiosk);
      // The page's "today" is the kiosk's, in Berlin.
      expect(await page.evaluate(() => new Date().toLocaleDateString('sv-SE'))).toBe(day.today);
      await start(page);
      const choice = await firstFreeSlot(kiosk);
      expect(choice.date > day.today).toBe(true); // nothing left today (evening, or a Sunday)
      expect(!choice.monthOpens).toBe(day.opensNextMonth);
      await chooseSlot(page, choice);
      await fillDetails(page);
      await page.getByRole('button', { name: /Continue/ }).click();
      await onScreen(page, 'review');
      await page.getByRole('button', { name: 'Book now' }).click();
      await onScreen(page, 'confirmation');
      const [booking] = (await kiosk.call('listBookings')) as {
        state: string;
        request: { date: string; time: string; customer: { email: string } };
      }[];
      expect(booking).toMatchObject({
        state: 'sent',
        request: { date: choice.date, time: choice.time, customer: { email: CUSTOMER.email } },
      });
    });
  });
}
