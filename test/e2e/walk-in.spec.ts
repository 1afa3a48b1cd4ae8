import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOMER, chooseDay, chooseSlot, fillDetails, firstFreeSlot, start } from './support/flow';
import { SCREENSHOT_DIR, capture, expectAccessible, onScreen, review } from './support/screens';
import { expect, openKiosk, printRequests, setUpKiosk, test } from './support/stack';

test('walk-in flow in English: every screen accessible, booked with a number, QR code and receipt', async ({
  page,
  kiosk,
}) => {
  // axe and two screenshots on each of nine screens, each screen taking taps after 500 ms: near
  // the default minute on a busy machine.
  test.setTimeout(120_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await review(page, 'start');
  // Kiosk mode: no text selection and no pinch or double-tap zoom.
  expect(
    await page.evaluate(
      '[getComputedStyle(document.body).userSelect, getComputedStyle(document.documentElement).touchAction]',
    ),
  ).toEqual(['none', 'pan-x pan-y']);
  await start(page);
  await review(page, 'service');

  // The "next free appointment" shortcut offers a slot in one tap.
  await page.getByRole('button', { name: 'Next free appointment' }).first().click();
  await expect(page.getByRole('button', { name: /Take it/ })).toBeVisible();
  await capture(page, 'service-next-free');

  await page.getByRole('button', { name: /High contrast/ }).click();
  await expectAccessible(page, 'service (high contrast)');
  await capture(page, 'service-high-contrast');
  await page.getByRole('button', { name: /High contrast/ }).click();

  const choice = await firstFreeSlot(kiosk);
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await review(page, 'day');
  await chooseDay(page, choice);
  await review(page, 'time');
  await page.locator(`[data-time="${choice.time}"]`).click();
  await review(page, 'details');
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByText('This time is still free.')).toBeVisible();
  await review(page, 'review');

  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'confirmation');
  const number = (await page.getByTestId('appointment-number').textContent()) ?? '';
  expect(number).toMatch(/^[A-Z]-\d{6,}$/);
  await expect(page.locator('img.qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await review(page, 'confirmation');

  // The kiosk's outbox holds the booking as sent, with the API's appointment number.
  const bookings = (await kiosk.call('listBookings')) as {
    state: string;
    booking: { appointmentNumber: string } | null;
    request: { customer: { email: string } };
  }[];
  expect(bookings[0]).toMatchObject({
    state: 'sent',
    booking: { appointmentNumber: number },
    request: { customer: { email: CUSTOMER.email } },
  });

  // The receipt page, as Electron prints it; here a PDF from Chromium.
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await onScreen(page, 'receipt');
  await expect(page.locator('.receipt')).toContainText(number);
  // The page asked the browser to print, once (the print dialog in a browser shell).
  await expect.poll(() => printRequests(page)).toBe(1);
  const pdf = join(SCREENSHOT_DIR, '..', 'receipt.pdf');
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, width: '80mm', height: '200mm', printBackground: false });
  await page.emulateMedia({ media: 'screen' });
  expect(statSync(pdf).size).toBeGreaterThan(1000);
  await review(page, 'receipt');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await onScreen(page, 'start');
});

test('walk-in flow in German on the counter-sized screen, with the next-free shortcut', async ({
  page,
  kiosk,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await page.locator('.language-choice button[lang="de"]').click();
  await expect(page.getByRole('heading', { name: 'Termin buchen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await start(page);
  await expect(page.getByRole('heading', { name: 'Was dürfen wir für Sie tun?' })).toBeVisible();
  await expect(page.locator('.price').first()).toHaveText(/^\d+,\d{2}\s€$/);
  await page.getByRole('button', { name: 'Nächster freier Termin' }).first().click();
  await page.getByRole('button', { name: /Übernehmen/ }).click();
  await onScreen(page, 'details');
  await fillDetails(page, { name: 'Name', email: 'E-Mail', phone: 'Telefon' });
  await page.getByRole('button', { name: /Weiter/ }).click();
  await onScreen(page, 'review');
  await expect(page.getByText('Diese Uhrzeit ist noch frei.')).toBeVisible();
  await expectAccessible(page, 'review (de)');
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Termin ist gebucht!' })).toBeVisible();
  await expect(page.getByText('Terminnummer')).toBeVisible();
  await capture(page, 'confirmation-de');
});

test('walk-in flow in German, step by step: service, day, time, details, review, booked', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await page.locator('.language-choice button[lang="de"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await start(page);
  const choice = await firstFreeSlot(kiosk, 1);
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await onScreen(page, 'day');
  await expect(page.getByRole('heading', { name: 'Welcher Tag passt Ihnen?' })).toBeVisible();
  await chooseDay(page, choice);
  await expect(page.getByRole('heading', { name: 'Uhrzeit wählen' })).toBeVisible();
  await expect(page.getByText('Bei wem?')).toBeVisible();
  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');
  await fillDetails(page, { name: 'Name', email: 'E-Mail', phone: 'Telefon' });
  await page.getByRole('button', { name: /Weiter/ }).click();
  await onScreen(page, 'review');
  await expect(page.getByText('Diese Uhrzeit ist noch frei.')).toBeVisible();
  // Dates are formatted for the chosen locale (German month names), the time as chosen.
  const [year, month, day] = choice.date.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('de-DE', { month: 'long' }).format(
    new Date(year, month - 1, day),
  );
  await expect(page.locator('main')).toContainText(monthName);
  await expect(page.locator('main')).toContainText(choice.time);
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Termin ist gebucht!' })).toBeVisible();
  const number = (await page.getByTestId('appointment-number').textContent()) ?? '';
  expect(number).toMatch(/^[A-Z]-\d{6,}$/);
  const bookings = (await kiosk.call('listBookings')) as {
    state: string;
    request: { serviceId: string; date: string; time: string };
  }[];
  expect(bookings[0]).toMatchObject({
    state: 'sent',
    request: { serviceId: choice.serviceId, date: choice.date, time: choice.time },
  });
});

test('a slot taken meanwhile sends the customer back to the time grid with a plain message', async ({
  page,
  kiosk,
  stack,
}) => {
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  // A day with a second free time: after the first is taken the customer picks another (the
  // worker's specs share one server and fill its days).
  const choice = await firstFreeSlot(kiosk, 0, 2);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByText('This time is still free.')).toBeVisible();

  // Someone else books the same person at the same time, behind the kiosk's back.
  const withName = (
    (await page.locator('.summary-row', { hasText: 'With' }).locator('dd').textContent()) ?? ''
  )
    .replace(/\s+/g, ' ')
    .trim();
  const catalog = (await kiosk.call('getCatalog')) as {
    employees: { _id: string; name: string }[];
  };
  const employeeId = catalog.employees.find((employee) => employee.name === withName)?._id;
  expect(
    employeeId,
    `an employee named "${withName}" in ${JSON.stringify(catalog.employees.map((e) => e.name))}`,
  ).toBeDefined();
  const response = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer e2e-book-key-0001` },
    body: JSON.stringify({
      serviceId: choice.serviceId,
      employeeId,
      date: choice.date,
      time: choice.time,
      customer: { name: 'Other', email: 'other@example.com', phone: '0301111' },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);

  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'time');
  await expect(
    page.getByText('Sorry, someone has just booked that time. Please choose another one.'),
  ).toBeVisible();
  await expect(page.locator(`[data-time="${choice.time}"]`)).toBeDisabled();
  await review(page, 'time', 'time-slot-taken');
  // The customer's details survive: the next slot leads to a filled form.
  await page.locator('.slot:not([disabled])').first().click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(CUSTOMER.email);
});
