/**
 * The screens at a start (issue 37): what the counter's booking screen and the walk-in flow ask
 * the kiosk in the first minutes after it (re)starts, call by call, as the renderer asks them.
 * The renderer's own functions make the calls (lib/open-days.ts, lib/service-employees.ts,
 * lib/person-days.ts, lib/next-free.ts) through the dispatcher every transport uses
 * (shared/kiosk-dispatch.ts); what its hooks add is replayed here, each with the screen file
 * and the hook it follows:
 * - CounterBookingScreen: the day strip (useOpenDays: month after month to the horizon, for
 *   the service and, once chosen, the person), the grid (getTimeSlots of the day, the person's
 *   own when one is chosen), "With whom?" (usePeopleOfDay: findServiceEmployees, then
 *   loadDayLists for the people it found; while they load, for the chosen person alone).
 *   Each runs when its hook's dependencies change, the ones of one render together.
 * - WalkInFlow: the service screen's "next free time" (findNextFree), the day screen's month,
 *   the time screen's grid and people, the review's live check (`fresh`), the booking, and a
 *   fresh catalog for the next customer (App.tsx).
 * Dates are the kiosk's wall dates in Berlin, as the page's are (playwright.config.ts).
 */
import type { TimeSlot } from '../../../shared/api/schemas';
import type { Catalog, KioskApi, KioskClient } from '../../../shared/kiosk-api';
import { kioskMethods } from '../../../shared/kiosk-api';
import { dispatchKioskCall } from '../../../shared/kiosk-dispatch';
import { instantToWall } from '../../../shared/booking/time';
import { addMonths, datesThroughMonth, parseDate, toDateString } from '../../../renderer/lib/dates';
import { findNextFree } from '../../../renderer/lib/next-free';
import { loadOpenDays, type OpenDays } from '../../../renderer/lib/open-days';
import { loadDayLists } from '../../../renderer/lib/person-days';
import { findServiceEmployees } from '../../../renderer/lib/service-employees';

const ZONE = 'Europe/Berlin';

/** A call the kiosk did not answer: its method, input and error code. */
export interface Unanswered {
  method: string;
  input: unknown;
  code: string;
}

/**
 * The kiosk API as a screen meets it: every method a Result (the renderer's KioskClient). Each
 * call that fails is noted in `unanswered`.
 */
export function screenClient(api: KioskApi, unanswered: Unanswered[] = []): KioskClient {
  return Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      async (input: unknown) => {
        const result = await dispatchKioskCall(api, method, input);
        if (!result.ok) unanswered.push({ method, input, code: result.error.code });
        return result;
      },
    ]),
  ) as unknown as KioskClient;
}

/** A Date whose local fields are the Berlin wall clock at `at` (what the page's Date shows). */
function value<T>(result: { ok: true; result: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.result;
}

export interface ScreenDeps {
  client: KioskClient;
  now: () => number;
}

/** The counter's booking screen (CounterBookingScreen.tsx), one staff action at a time. */
export class CounterScreen {
  private catalog: Catalog | null = null;
  private serviceId: string | null = null;
  private date: string | null = null;
  private employeeId: string | null = null;
  private open: OpenDays | null = null;
  /** The people "With whom?" found for (service, date) (usePeopleOfDay's `known`). */
  private known: string[] = [];
  /** The grid on screen (its last answer). */
  private shown: readonly TimeSlot[] = [];

  constructor(private readonly deps: ScreenDeps) {}

  /** The app opens (App.tsx): settings and the catalog. */
  async boot(): Promise<void> {
    await this.deps.client.getPublicSettings(undefined);
    this.catalog = value(await this.deps.client.getCatalog(undefined));
  }

  /** What is chosen on screen. */
  get chosen(): { serviceId: string | null; date: string | null; employeeId: string | null } {
    return { serviceId: this.serviceId, date: this.date, employeeId: this.employeeId };
  }

  private get today(): string {
    return instantToWall(this.deps.now(), ZONE).date;
  }

  /** The strip's open days (useOpenDays), from this month on. */
  private async openDays(): Promise<void> {
    this.open = value(
      await loadOpenDays(this.deps.client, this.serviceId, this.employeeId, parseDate(this.today)),
    );
  }

  /** The strip's days in order (datesThroughMonth) that are open. */
  openDates(): string[] {
    const open = this.open;
    if (!open) return [];
    return datesThroughMonth(this.today, open.through.year, open.through.month).filter((d) =>
      open.days.has(d),
    );
  }

  /** The grid (the screen's getTimeSlots). */
  private async grid(): Promise<void> {
    if (!this.serviceId || !this.date) return;
    const answer = await this.deps.client.getTimeSlots({
      date: this.date,
      serviceId: this.serviceId,
      ...(this.employeeId ? { employeeId: this.employeeId } : {}),
    });
    this.shown = answer.ok ? answer.result.timeSlots : [];
  }

  /** usePeopleOfDay's lists for these people ('' asks nothing). */
  private async lists(ids: string[]): Promise<void> {
    if (!this.serviceId || !this.date || ids.length === 0) return;
    await loadDayLists(this.deps.client, this.serviceId, this.date, ids, this.employeeId);
  }

  /** The people offered: bookable, found doing the service, or chosen (catalog order). */
  private ids(known: readonly string[]): string[] {
    const offering = new Set([...known, ...(this.employeeId ? [this.employeeId] : [])]);
    return (this.catalog?.employees ?? [])
      .filter((e) => e.available && offering.has(e._id))
      .map((e) => e._id);
  }

  /**
   * usePeopleOfDay after (service, date) changed: `known` loads again (and meanwhile the lists
   * are asked for the chosen person alone), then the lists of everyone it found.
   */
  private async people(): Promise<void> {
    if (!this.serviceId || !this.date) return;
    const meanwhile = this.ids([]);
    const [known] = await Promise.all([
      findServiceEmployees(this.deps.client, this.serviceId, this.date),
      this.lists(meanwhile),
    ]);
    this.known = known;
    const ids = this.ids(known);
    if (ids.join(' ') !== meanwhile.join(' ')) await this.lists(ids);
  }

  /** Staff choose a service: the person goes back to anyone, the day stays (issue 37). */
  async chooseService(serviceId: string): Promise<void> {
    const changed = serviceId !== this.serviceId;
    this.serviceId = serviceId;
    if (changed) this.employeeId = null;
    if (this.date === null) {
      await this.openDays();
      // The first open day is chosen for staff once the strip is known.
      this.date = this.openDates()[0] ?? null;
      await Promise.all([this.grid(), this.people()]);
      return;
    }
    await Promise.all([this.openDays(), this.grid(), this.people()]);
  }

  /**
   * Staff choose a person: their days in the strip, their times in the grid, and the people's
   * lists again (the chosen person's own list is not asked ahead).
   */
  async choosePerson(employeeId: string | null): Promise<void> {
    this.employeeId = employeeId;
    await Promise.all([this.openDays(), this.grid(), this.lists(this.ids(this.known))]);
  }

  /** Staff choose the `index`-th open day of the strip (the last one if there are fewer). */
  async chooseDay(index: number): Promise<void> {
    const dates = this.openDates();
    const date = dates[Math.min(index, dates.length - 1)];
    if (!date || date === this.date) return;
    this.date = date;
    await Promise.all([this.grid(), this.people()]);
  }

  /** A walk-in at the counter: the grid's first free time, booked; the grid and lists again. */
  async bookFirstFree(n: number): Promise<boolean> {
    if (!this.serviceId || !this.date) return false;
    const nowTime = instantToWall(this.deps.now(), ZONE).time;
    const slot = this.shown.find(
      (s) => s.available && s.employeeId && (this.date !== this.today || s.time > nowTime),
    );
    if (!slot?.employeeId) return false;
    await this.deps.client.createBooking({
      serviceId: this.serviceId,
      employeeId: slot.employeeId,
      date: this.date,
      time: slot.time,
      customer: customer(n),
    });
    await Promise.all([this.grid(), this.lists(this.ids(this.known))]);
    return true;
  }
}

function customer(n: number) {
  return { name: `Walk-in ${n}`, email: `walkin${n}@example.com`, phone: '+49 30 555 0101' };
}

/** The walk-in screen (WalkInFlow.tsx): one customer after another, start to booking. */
export class WalkInScreen {
  private catalog: Catalog | null = null;

  constructor(private readonly deps: ScreenDeps) {}

  /** The app opens (App.tsx): settings and the catalog; again for each new customer. */
  async boot(): Promise<void> {
    await this.deps.client.getPublicSettings(undefined);
    this.catalog = value(await this.deps.client.getCatalog(undefined));
  }

  async customer(visit: {
    serviceId: string;
    /** Taps "next free time" on the service screen first. */
    nextFree?: boolean;
    /** Which open day of the month the customer taps (0: the first from today). */
    dayIndex: number;
    /** Chooses the first person the grid names, on the time screen. */
    choosePerson?: boolean;
    /** Books the first free time (else leaves at the time screen). */
    book?: boolean;
    n: number;
  }): Promise<void> {
    const { client, now } = this.deps;
    const { serviceId } = visit;
    if (visit.nextFree) await findNextFree(client, serviceId, new Date(now()), ZONE);
    // The day screen: this month (the next one when no day is left in it).
    const wall = instantToWall(now(), ZONE);
    const here = parseDate(wall.date);
    let month = { year: here.year, month: here.month };
    let days = value(await client.getAvailableDays({ ...month, serviceId })).availableDays;
    if (!days.some((d) => d >= here.day)) {
      month = addMonths(here.year, here.month, 1);
      days = value(await client.getAvailableDays({ ...month, serviceId })).availableDays;
    }
    const open = [...days]
      .filter((d) => month.month !== here.month || d >= here.day)
      .sort((a, b) => a - b);
    const day = open[Math.min(visit.dayIndex, open.length - 1)];
    if (day === undefined) return;
    const date = toDateString(month.year, month.month, day);
    // The time screen: the grid and "With whom?" (usePeopleOfDay, as on the counter).
    const [grid, known] = await Promise.all([
      client.getTimeSlots({ date, serviceId }).then(value),
      findServiceEmployees(client, serviceId, date),
    ]);
    const ids = (this.catalog?.employees ?? [])
      .filter((e) => e.available && known.includes(e._id))
      .map((e) => e._id);
    if (ids.length > 0) await loadDayLists(client, serviceId, date, ids);
    let slots = grid.timeSlots;
    let employeeId: string | undefined;
    if (visit.choosePerson) {
      employeeId = slots.find((s) => s.available && s.employeeId)?.employeeId;
      if (employeeId) {
        const chosen = employeeId;
        const [own] = await Promise.all([
          client.getTimeSlots({ date, serviceId, employeeId: chosen }).then(value),
          loadDayLists(client, serviceId, date, ids, chosen),
        ]);
        slots = own.timeSlots;
      }
    }
    if (visit.book) {
      const slot = slots.find(
        (s) => s.available && s.employeeId && (date !== wall.date || s.time > wall.time),
      );
      if (slot?.employeeId) {
        await client.holdSlot({
          parts: [{ serviceId, date, time: slot.time, employeeId: slot.employeeId }],
        });
        // The review's check on arrival, then the booking.
        await client.getTimeSlots({
          date,
          serviceId,
          ...(employeeId ? { employeeId } : {}),
          fresh: true,
        });
        await client.createBooking({
          serviceId,
          employeeId: slot.employeeId,
          date,
          time: slot.time,
          customer: customer(visit.n),
        });
      }
    }
    // The next customer starts with a fresh catalog (App.tsx).
    await this.boot();
  }
}

/** One step of the screens' morning: when (after the start) and what. */
export interface ScreenStep {
  afterMs: number;
  what: string;
  run: (screens: { counter: CounterScreen; walkIn: WalkInScreen }) => Promise<unknown>;
}

const MIN = 60_000;

/**
 * The first 10 minutes after a start with the counter's booking screen open and a walk-in
 * screen beside it: staff look at three services (a person, other days) and book a walk-in;
 * two customers come to the walk-in screen, one books.
 */
export const START_SCREENS: readonly ScreenStep[] = [
  { afterMs: 0, what: 'both screens open', run: ({ counter }) => counter.boot() },
  {
    afterMs: 0,
    what: 'the walk-in screen opens',
    run: ({ walkIn }) => walkIn.boot(),
  },
  {
    afterMs: 1 * MIN,
    what: 'counter: ladies\u2019 cut',
    run: ({ counter }) => counter.chooseService('svc-damen-schnitt'),
  },
  {
    afterMs: 1.5 * MIN,
    what: 'counter: with Anna',
    run: ({ counter }) => counter.choosePerson('emp-anna'),
  },
  { afterMs: 2 * MIN, what: 'counter: a later day', run: ({ counter }) => counter.chooseDay(3) },
  {
    afterMs: 3 * MIN,
    what: 'walk-in: men\u2019s cut, next free time, a day, a person, booked',
    run: ({ walkIn }) =>
      walkIn.customer({
        serviceId: 'svc-herren-schnitt',
        nextFree: true,
        dayIndex: 1,
        choosePerson: true,
        book: true,
        n: 1,
      }),
  },
  {
    afterMs: 5 * MIN,
    what: 'counter: children\u2019s cut',
    run: ({ counter }) => counter.chooseService('svc-kinder-schnitt'),
  },
  {
    afterMs: 5.5 * MIN,
    what: 'counter: with Sophie',
    run: ({ counter }) => counter.choosePerson('emp-sophie'),
  },
  {
    afterMs: 6 * MIN,
    what: 'counter: colouring, next week',
    run: async ({ counter }) => {
      await counter.chooseService('svc-faerben');
      await counter.chooseDay(5);
    },
  },
  {
    afterMs: 7 * MIN,
    what: 'counter: a walk-in booked',
    run: ({ counter }) => counter.bookFirstFree(2),
  },
  {
    afterMs: 8 * MIN,
    what: 'walk-in: beard trim, looks and leaves',
    run: ({ walkIn }) => walkIn.customer({ serviceId: 'svc-bart', dayIndex: 0, n: 3 }),
  },
];
