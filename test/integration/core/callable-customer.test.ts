/**
 * Issue 38 item 13 at the core: whatever screen or transport books, a phone must be one of the
 * shop's country (its zone: Berlin, so DE) or carry + and a country code, and a name needs a
 * letter. A refused booking is `invalid_input` and nothing is stored or sent. Real core, real
 * SQLite, the reference server behind the fault proxy.
 */
import { describe, expect, it } from 'vitest';
import {
  MONDAY_0830,
  annaRequest,
  annaTuesdaySlots,
  corePerTest,
  kioskFailure,
  offsetClock,
  serverBookings,
} from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

const open = corePerTest('fd-callable-');

const part = (slot: { time: string; employeeId: string }) => ({
  date: '2026-11-24',
  time: slot.time,
  employeeId: slot.employeeId,
});

describe('issue 38 item 13: the core books only a customer the shop can call', () => {
  it.each([
    [{ phone: '++1' }, 'customer.phone'],
    [{ phone: '---' }, 'customer.phone'],
    [{ name: "123-'" }, 'customer.name'],
  ])('refuses %j as invalid_input and keeps nothing', async (change, field) => {
    const { core, upstream } = await open(offsetClock(MONDAY_0830));
    const [slot, other] = await annaTuesdaySlots(core);
    if (!slot || !other) throw new Error('too few free times');
    const request = annaRequest(slot, 1);
    const customer = { ...request.customer, ...change };

    const failure = await kioskFailure(core.api.createBooking({ ...request, customer }));
    expect(failure.code).toBe('invalid_input');
    expect(failure.message).toMatch(new RegExp(`^${field}: `));
    const visit = await kioskFailure(
      core.api.createVisit({
        customer,
        parts: [
          { ...part(slot), serviceId: request.serviceId },
          { ...part(other), serviceId: request.serviceId },
        ],
      }),
    );
    expect(visit.code).toBe('invalid_input');

    const session = await openStaffSession(core);
    expect(await core.api.listBookings({ session })).toEqual([]);
    expect(serverBookings(upstream.dbPath)).toEqual([]);
    // The same customer with a number of the shop's country books.
    const booked = await core.api.createBooking({
      ...request,
      customer: { ...customer, name: 'Eva Muster', phone: '030 1234567' },
    });
    expect(booked.state).toBe('sent');
  });

  it("takes IT's country over the zone's: a national number of that country books, one of the zone's no longer", async () => {
    const { core } = await open(offsetClock(MONDAY_0830), { country: 'CH' });
    const [slot] = await annaTuesdaySlots(core);
    if (!slot) throw new Error('no free time');
    const request = annaRequest(slot, 1);
    const berlin = { ...request.customer, phone: '0171 5551234' };
    const failure = await kioskFailure(core.api.createBooking({ ...request, customer: berlin }));
    expect(failure.message).toMatch(/^customer\.phone: /);
    const zurich = { ...request.customer, phone: '044 668 18 00' };
    const booked = await core.api.createBooking({ ...request, customer: zurich });
    expect(booked.state).toBe('sent');
  });
});
