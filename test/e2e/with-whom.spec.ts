/** Issue 9: "With whom?" offers only the people who do the chosen service, "Anyone" first. */
import { chooseDay, firstFreeSlot, start } from './support/flow';
import { expectAccessible, onScreen } from './support/screens';
import { expect, openKiosk, setUpKiosk, test, type Kiosk } from './support/stack';

async function serviceIndex(kiosk: Kiosk, title: string): Promise<number> {
  const catalog = (await kiosk.call('getCatalog')) as { services: { title: string }[] };
  return catalog.services.findIndex((service) => service.title === title);
}

test('"With whom?" lists only the employees who do the service', async ({ page, kiosk }) => {
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  // The demo salon: Damenhaarschnitt is done by Anna and Sophie, never by Mehmet or Lukas.
  const choice = await firstFreeSlot(kiosk, await serviceIndex(kiosk, 'Damenhaarschnitt'));
  await start(page);
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await onScreen(page, 'day');
  await chooseDay(page, choice); // on the stack's fixed clock, as every e2e test
  await onScreen(page, 'time');
  const people = page.locator('.employee-choice button');
  // Sophie does the service but not on Tuesdays (the stack's day): her button says so.
  await expect(people).toHaveText(['Anyone', 'Anna Becker', /^Sophie Wagner\b/]);
  await expectAccessible(page, 'time with whom');
  // The person of the first free slot has free slots of their own that day.
  const day = (await kiosk.call('getTimeSlots', {
    date: choice.date,
    serviceId: choice.serviceId,
  })) as {
    timeSlots: { time: string; employeeName?: string }[];
  };
  const person =
    day.timeSlots.find((slot) => slot.time === choice.time)?.employeeName ?? 'Sophie Wagner';
  await page.getByRole('button', { name: person }).click();
  await expect(page.getByRole('button', { name: person })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.slot:not([disabled])').first()).toBeVisible();

  // Färben: Anna alone does colouring, so there is nobody to choose between.
  await page.getByRole('button', { name: /Back/ }).click();
  await page.getByRole('button', { name: /Back/ }).click();
  const colour = await firstFreeSlot(kiosk, await serviceIndex(kiosk, 'Färben'));
  await page.locator('.service-main', { hasText: colour.serviceTitle }).click();
  await chooseDay(page, colour);
  await onScreen(page, 'time');
  await expect(page.locator('.slot:not([disabled])').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mehmet Yilmaz' })).toHaveCount(0);
});
