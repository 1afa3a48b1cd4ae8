import { describe, expect, it } from 'vitest';
import { readScreenState } from '../../renderer/kiosk/hub-client';

// The gate's first answer is checked by hand (the first render waits for it, zod loads apart):
// it must refuse what the hub's zod schema refused before.
describe('readScreenState', () => {
  it.each([
    [{ state: 'unpaired' }, { state: 'unpaired' }],
    [{ state: 'removed', extra: 1 }, { state: 'removed' }],
    [
      { state: 'paired', name: 'Tablet 1', role: 'kiosk' },
      { state: 'paired', name: 'Tablet 1', role: 'kiosk' },
    ],
    [
      { state: 'paired', name: 'Counter', role: 'counter', lastSeenAt: 1 },
      { state: 'paired', name: 'Counter', role: 'counter' },
    ],
  ])('reads %j', (answer, expected) => {
    expect(readScreenState(answer)).toEqual(expected);
  });

  it.each([
    null,
    'paired',
    {},
    { state: 'lost' },
    { state: 'paired', role: 'kiosk' },
    { state: 'paired', name: 7, role: 'kiosk' },
    { state: 'paired', name: 'Tablet', role: 'staff' },
    { state: 'paired', name: 'Tablet' },
  ])('refuses %j', (answer) => {
    expect(readScreenState(answer)).toBeNull();
  });
});
