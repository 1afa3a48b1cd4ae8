/**
 * Schema-valid nonsense (issue 18): answers that pass shared/api/schemas.ts but make no sense:
 * another year and month than asked, a slot list for another date, negative prices, durations
 * of millions of hours, appointments ending before they start, rate-limit headers of millions.
 * Drawn from a seeded PRNG, so one seed and one request order give the same answers every run.
 * With `impossibleDates`, dates match only the pattern (`6491-68-40`), as a remote may send.
 */
import type {
  AvailableDays,
  BookingResponse,
  Employee,
  Service,
  TimeSlot,
  TimeSlots,
} from '../../../shared/api/schemas';

/** mulberry32: small, fast, good enough for test data; never for anything secret. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Nonsense {
  private readonly random: () => number;

  constructor(
    seed: number,
    private readonly impossibleDates = false,
  ) {
    this.random = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A date far from any asked one: a real day of another century, or a pattern-only one. */
  date(): string {
    const pad = (n: number) => String(n).padStart(2, '0');
    if (this.impossibleDates)
      return `${this.int(5000, 9999)}-${pad(this.int(13, 99))}-${pad(this.int(32, 99))}`;
    return `${this.int(2100, 9999)}-${pad(this.int(1, 12))}-${pad(this.int(1, 28))}`;
  }

  time(): string {
    return `${String(this.int(0, 23)).padStart(2, '0')}:${String(this.int(0, 59)).padStart(2, '0')}`;
  }

  services(services: readonly Service[]): Service[] {
    return services.map((service) => ({
      ...service,
      pricing: {
        price: -this.int(1, 1_000_000) / 100,
        currency: this.pick(['EUR', 'XXX', '', 'eur', '€€€']),
        taxRate: this.pick([-19, 1900, 1e9]),
      },
      duration: {
        value: this.pick([28_000_000, -45, 0, 1e12]),
        unit: this.pick(['minutes', 'hours'] as const),
      },
      sortOrder: this.pick([-1e15, 1e15, Number.MAX_SAFE_INTEGER]),
    }));
  }

  employees(employees: readonly Employee[]): Employee[] {
    return employees.map((employee) => ({ ...employee, available: this.random() < 0.5 }));
  }

  availableDays(asked: { year: number; month: number }): AvailableDays {
    const days = Array.from({ length: this.int(1, 40) }, () => this.int(1, 31));
    return {
      year: asked.year + this.pick([-1000, 1, 4465]),
      month: (asked.month % 12) + 1,
      availableDays: days,
      totalDays: this.int(0, 1_000_000),
    };
  }

  timeSlots(): TimeSlots {
    const timeSlots: TimeSlot[] = Array.from({ length: this.int(1, 30) }, () => ({
      time: this.time(),
      available: true,
      employeeId: this.pick(['', 'nobody', 'emp-does-not-exist']),
      employeeName: 'Nobody',
    }));
    return { date: this.date(), timeSlots };
  }

  booking(real: BookingResponse): BookingResponse {
    return {
      ...real,
      service: { title: real.service.title, duration: this.pick([-30, 28_000_000 * 60, 0]) },
      appointment: { date: this.date(), time: '23:59', endTime: '00:01' },
      status: this.pick(['cancelled', 'confirmed'] as const),
    };
  }

  /** X-RateLimit-* values no API sends: millions, more remaining than the limit, a reset not a time. */
  rateLimitHeaders(): { limit: string; remaining: string; reset: string } {
    return {
      limit: String(this.pick([46_000_000, 1, 0])),
      remaining: String(this.pick([-5, 46_000_001, 999_999_999])),
      reset: String(this.pick([46_375, 0, 99_999_999_999, -1])),
    };
  }
}
