import { describe, expect, it } from 'vitest';
import { sameCustomer } from '../../../shared/booking/same-customer';

const EVA = { name: 'Eva Muster', email: 'eva.muster@example.com', phone: '+49 30 1234567' };

describe('sameCustomer (issue 38 item 15: a rebooking links only the same customer)', () => {
  it.each([
    ['the same details', EVA, true],
    [
      'case and spaces as staff type them',
      { ...EVA, name: '  eva   MUSTER ', email: 'Eva.Muster@Example.COM ' },
      true,
    ],
    ['the e-mail corrected, the phone the same', { ...EVA, email: 'eva.muster@example.org' }, true],
    [
      'the phone written otherwise, the e-mail corrected',
      { ...EVA, email: 'x@example.org', phone: '0049 (30) 123-4567' },
      true,
    ],
    ['the phone corrected, the e-mail the same', { ...EVA, phone: '+49 30 7654321' }, true],
    ['another name with the same contacts', { ...EVA, name: 'Jonas Weber' }, false],
    [
      'a namesake with other contacts',
      { ...EVA, email: 'eva@example.org', phone: '+49 40 999999' },
      false,
    ],
    [
      'the next walk-in',
      { name: 'Jonas Weber', email: 'jonas@example.com', phone: '+49 30 7654321' },
      false,
    ],
  ])('%s', (_, other, same) => {
    expect(sameCustomer(EVA, other)).toBe(same);
    expect(sameCustomer(other, EVA)).toBe(same);
  });
});
