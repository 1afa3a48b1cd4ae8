/**
 * Issue 38 item 13: phone "++1" and "---" and name "123-'" were accepted and booked. A phone is a
 * number of the shop's country (from its zone) or an international one (libphonenumber-js); a
 * name has at least one letter of any script. The API's field limits stay (lib.test.ts).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { countryOfZone, shopCountry } from '../../shared/booking/customer-checks';
import { validateField } from '../../renderer/lib/validation';
import { fillDetails, renderApp, tap, type, walkToDetails } from './support/render-app';

afterEach(cleanup);

const BERLIN = 'Europe/Berlin';

describe('issue 38 item 13: a phone the shop can call, a name with a letter', () => {
  it.each([
    ['++1', 'phoneNumber'],
    ['---', 'phoneNumber'],
    ['+49 30 1', 'phoneNumber'],
    ['030 1234567', null], // national, in the shop's country
    ['0171 5551234', null],
    ['+49 30 1234567', null],
    ['+1 212 555 0100', null], // international, from anywhere
  ])('phone %j in a Berlin shop: %s', (phone, error) => {
    expect(validateField('phone', phone, BERLIN)).toBe(error);
  });

  it("takes the shop's country from its zone, not a fixed one", () => {
    expect(countryOfZone('Europe/Berlin')).toBe('DE');
    expect(countryOfZone('Europe/Warsaw')).toBe('PL');
    expect(countryOfZone('Europe/Kyiv')).toBe('UA');
    expect(countryOfZone('Etc/UTC')).toBeUndefined();
    // A Berlin number without +49 is no number in New York; with it, it is one anywhere.
    expect(validateField('phone', '030 1234567', 'America/New_York')).toBe('phoneNumber');
    expect(validateField('phone', '+49 30 1234567', 'America/New_York')).toBeNull();
  });

  it("IT's country wins over the zone's; the zone stays the fallback", () => {
    // A Zurich shop on a machine left at UTC: a Swiss number without +41 is one.
    expect(validateField('phone', '044 668 18 00', 'Etc/UTC')).toBe('phoneNumber');
    expect(validateField('phone', '044 668 18 00', 'Etc/UTC', 'CH')).toBeNull();
    // A German mobile number without +49 is none in Switzerland.
    expect(validateField('phone', '0171 5551234', BERLIN, 'CH')).toBe('phoneNumber');
    expect(validateField('phone', '0171 5551234', BERLIN, null)).toBeNull();
    expect(shopCountry('CH', BERLIN)).toBe('CH');
    expect(shopCountry(null, BERLIN)).toBe('DE');
  });

  it.each([
    ["123-'", 'nameLetter'],
    ['--', 'nameLetter'],
    ['Eva Muster', null],
    ['李明', null],
    ['Ана', null],
    ["O'Neil", null],
  ])('name %j: %s', (name, error) => {
    expect(validateField('name', name, BERLIN)).toBe(error);
  });

  it('the details screen says so at the field and books nothing', async () => {
    const { client } = renderApp();
    await walkToDetails();
    await fillDetails();
    await type('Name', "123-'");
    await type('Phone', '++1');
    await tap(/continue/i);
    expect(screen.getByText('Name: Please enter your name with at least one letter.')).toBeTruthy();
    expect(
      screen.getByText(
        'Phone: Please enter a complete phone number; from abroad with + and the country code.',
      ),
    ).toBeTruthy();
    expect(document.querySelector('[data-screen="details"]')).not.toBeNull();
    expect(client.calls.some((call) => call.method === 'createBooking')).toBe(false);
  });
});
