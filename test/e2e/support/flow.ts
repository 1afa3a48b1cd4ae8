import type { Page } from '@playwright/test';
import { expect, type Kiosk } from './stack';
import { onScreen } from './screens';

export interface SlotChoice {
  serviceId: string;
  serviceTitle: string;
  date: string;
  time: string;
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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The first free slot of the first service, found through the kiosk API the way the UI finds
 * it, so that a test can tap exactly that day and time (and book it behind the kiosk's back).
 */
export async function firstFreeSlot(kiosk: Kiosk, serviceIndex = 0): Promise<SlotChoice> {
  const catalog = (await kiosk.call('getCatalog')) as Catalog;
  const service = catalog.services[serviceIndex];
  if (!service) throw new Error('no service');
  const now = new Date();
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const clock = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  for (const offset of [0, 1]) {
    const month = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    const days = (await kiosk.call('getAvailableDays', { year: month.getFullYear(), month: month.getMonth() + 1, serviceId: service._id })) as Days;
    for (const day of days.availableDays) {
      const date = `${month.getFullYear()}-${pad(month.getMonth() + 1)}-${pad(day)}`;
      if (date < today) continue;
      const slots = (await kiosk.call('getTimeSlots', { date, serviceId: service._id })) as Slots;
      const slot = slots.timeSlots.find((s) => s.available && s.employeeId && (date !== today || s.time > clock));
      if (slot) return { serviceId: service._id, serviceTitle: service.title, date, time: slot.time };
    }
  }
  throw new Error('no free slot in two months');
}

export async function start(page: Page): Promise<void> {
  await page.locator('.btn-hero').click();
  await onScreen(page, 'service');
}

/** Service -> day -> time for a chosen slot; ends on the details screen. */
export async function chooseSlot(page: Page, choice: SlotChoice): Promise<void> {
  await page.locator('.service-main', { hasText: choice.serviceTitle }).click();
  await onScreen(page, 'day');
  const [year, month] = choice.date.split('-').map(Number) as [number, number];
  const now = new Date();
  if (year * 12 + month > now.getFullYear() * 12 + now.getMonth() + 1) await page.locator('.calendar-head button').last().click();
  await page.locator(`[data-date="${choice.date}"]`).click();
  await onScreen(page, 'time');
  await page.locator(`[data-time="${choice.time}"]`).click();
  await onScreen(page, 'details');
}

export const CUSTOMER = { name: 'Eva Muster', email: 'eva.muster@example.com', phone: '+49 30 1234567' };

export async function fillDetails(page: Page, labels = { name: 'Name', email: 'E-mail', phone: 'Phone' }): Promise<void> {
  await page.getByLabel(labels.name, { exact: true }).fill(CUSTOMER.name);
  await page.getByLabel(labels.email, { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel(labels.phone, { exact: true }).fill(CUSTOMER.phone);
}

/** Polls the kiosk until `check` passes (the outbox and the mirror work in the background). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, intervals: [250, 500, 1000] }).toBe(true);
}
