/**
 * A synthetic mirror for the cache benchmarks: 10 services (30 minutes each, one employee per
 * service) x 30 days of 20 slots, all fetched "now", in a kiosk data folder.
 */
import type { Employee, Service, TimeSlots } from '../../shared/api/schemas';
import { addDays } from '../../shared/booking/time';
import {
  saveAvailableDays,
  saveEmployees,
  saveServices,
  saveTimeSlots,
} from '../../electron/core/db/mirror-repo';
import { openKioskDb } from '../../electron/core/db/open';

export const FIXTURE_SERVICES = 10;
export const FIXTURE_DAYS = 30;
export const FIXTURE_FIRST_DATE = '2026-12-01';
export const SLOTS_PER_DAY = 20;

export function slotTime(index: number): string {
  const minutes = 8 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function seedMirror(dataDir: string, fetchedAt: number): void {
  const db = openKioskDb({ dataDir });
  const services: Service[] = Array.from({ length: FIXTURE_SERVICES }, (_, i) => ({
    _id: `svc-${i}`,
    title: `Service ${i}`,
    description: 'bench',
    category: 'bench',
    pricing: { price: 30, currency: 'EUR', taxRate: 19 },
    duration: { value: 30, unit: 'minutes' },
    features: [],
    enabled: true,
    sortOrder: i,
  }));
  const employees: Employee[] = Array.from({ length: FIXTURE_SERVICES }, (_, i) => ({
    _id: `emp-${i}`,
    name: `Employee ${i}`,
    email: `emp${i}@example.com`,
    phone: '+49 30 1',
    role: 'bench',
    available: true,
  }));
  saveServices(db, services, fetchedAt);
  saveEmployees(db, employees, fetchedAt);
  db.$client.transaction(() => {
    for (let s = 0; s < FIXTURE_SERVICES; s += 1) {
      for (let d = 0; d < FIXTURE_DAYS; d += 1) {
        const date = addDays(FIXTURE_FIRST_DATE, d);
        const data: TimeSlots = {
          date,
          timeSlots: Array.from({ length: SLOTS_PER_DAY }, (_, k) => ({
            time: slotTime(k),
            available: true,
            employeeId: `emp-${s}`,
            employeeName: `Employee ${s}`,
          })),
        };
        saveTimeSlots(db, { date, serviceId: `svc-${s}` }, data, fetchedAt);
      }
      saveAvailableDays(
        db,
        { year: 2026, month: 12, serviceId: `svc-${s}` },
        { year: 2026, month: 12, availableDays: [], totalDays: 0 },
        fetchedAt,
      );
    }
  })();
  db.$client.close();
}
