import type { Page } from '@playwright/test';
import { API_KEY, expect, type Kiosk, type Stack } from './stack';
import { onScreen } from './screens';
import { instantToWall } from '../../../shared/booking/time';

export interface SlotChoice {
  serviceId: string;
  serviceTitle: string;
  date: string;
  time: string;
  /** The slot is in the month after today's. */
  nextMonth: boolean;
  /** Today's month has a bookable day left (else the day screen skips to the next by itself). */
  monthOpens: boolean;
}

interface Catalog {
  services: { _id: string; title: string }[];
  employees: { _id: string; name: string }[];
}
interface Days {
  availableDays: number[];
}
interface Slots {
  timeSlots: { time: string; available: boolean; employeeId?: string }[];
}

/** Today and the wall time on the kiosk's (fixed) clock, in the business's zone. */
export function kioskToday(kiosk: Kiosk): {
  date: string;
  time: string;
  year: number;
  month: number;
  day: number;
} {
  const wall = instantToWall(kiosk.clock.now(), 'Europe/Berlin');
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  return { ...wall, year, month, day };
}

/**
 * The first free slot of the first service, found through the kiosk API the way the UI finds
 * it, so that a test can tap exactly that day and time (and book it behind the kiosk's back).
 * `room`: the slot's employee has at least that many free times that day (a test that books
 * the person again that day needs a second one; the worker's specs fill today as they run).
 */
export async function firstFreeSlot(kiosk: Kiosk, serviceIndex = 0, room = 1): Promise<SlotChoice> {
  const catalog = (await kiosk.call('getCatalog')) as Catalog;
  const service = catalog.services[serviceIndex];
  if (!service) throw new Error('no service');
  const today = kioskToday(kiosk);
  let monthOpens = true; // whether the day screen opens on today's month (it skips a month with no day left)
  for (const offset of [0, 1]) {
    const { year, month } =
      offset === 0
        ? today
        : today.month === 12
          ? { year: today.year + 1, month: 1 }
          : { year: today.year, month: today.month + 1 };
    const days = (await kiosk.call('getAvailableDays', {
      year,
      month,
      serviceId: service._id,
    })) as Days;
    if (offset === 0) monthOpens = days.availableDays.some((day) => day >= today.day);
    for (const day of days.availableDays) {
      const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      if (date < today.date) continue;
      const slots = (await kiosk.call('getTimeSlots', { date, serviceId: service._id })) as Slots;
      const free = slots.timeSlots.filter(
        (s) => s.available && s.employeeId && (date !== today.date || s.time > today.time),
      );
      const slot = free.find(
        (s) => free.filter((other) => other.employeeId === s.employeeId).length >= room,
      );
      if (slot)
        return {
          serviceId: service._id,
          serviceTitle: service.title,
          date,
          time: slot.time,
          nextMonth: offset === 1,
          monthOpens,
        };
    }
  }
  throw new Error('no free slot in two months');
}

/**
 * Someone else books `choice` with `employeeId` directly on the API, behind the kiosk's back
 * (while the kiosk's booking of it is queued): the replay will be refused.
 */
export async function takeSlotOnServer(
  stack: Stack,
  choice: Pick<SlotChoice, 'serviceId' | 'date' | 'time'>,
  employeeId: string | undefined,
  email = 'other@example.com',
): Promise<void> {
  const response = await fetch(`${stack.server.url}/api/public/booking/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({
      serviceId: choice.serviceId,
      employeeId,
      date: choice.date,
      time: choice.time,
      customer: { name: 'Other', email, phone: '0301111' },
    }),
  });
  expect(response.status).toBe(201);
}

export async function start(page: Page): Promise<void> {
  await page.locator('.btn-hero').click();
  await onScreen(page, 'service');
}

/**
 * On the day screen: the chosen day. The screen opens on today's month, or on the next one by
 * itself when today's has no day left; only a slot next month in an open month needs a tap.
 */
export async function chooseDay(page: Page, choice: SlotChoice): Promise<void> {
  await onScreen(page, 'day');
  if (choice.nextMonth && choice.monthOpens)
    await page.locator('.calendar-head button').last().click();
  await page.locator(`[data-date="${choice.date}"]`).click();
  await onScreen(page, 'time');
}

/** Service -> day -> time for a chosen slot; ends on the details screen. */
export async function chooseSlot(page: Page, choice: SlotChoice): Promise<void> {
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await chooseDay(page, choice);
  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');
}

export const CUSTOMER = {
  name: 'Eva Muster',
  email: 'eva.muster@example.com',
  phone: '+49 30 1234567',
};

export async function fillDetails(
  page: Page,
  labels = { name: 'Name', email: 'E-mail', phone: 'Phone' },
): Promise<void> {
  await page.getByLabel(labels.name, { exact: true }).fill(CUSTOMER.name);
  await page.getByLabel(labels.email, { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel(labels.phone, { exact: true }).fill(CUSTOMER.phone);
}

/** The counter's keyboard path: the cursor is in the name field; Tab between fields, Enter books. */
export async function typeCustomerAndBook(page: Page): Promise<void> {
  for (const [index, value] of [CUSTOMER.name, CUSTOMER.email, CUSTOMER.phone].entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
}

/** Polls the kiosk until `check` passes (the outbox and the mirror work in the background). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, intervals: [250, 500, 1000] }).toBe(true);
}
