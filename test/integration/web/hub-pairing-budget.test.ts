/**
 * Issue 39: the pairing code's wrong-guess budget (createPairing with a driven clock, the real
 * kiosk database). A fresh code is usable for its two minutes whatever happened before it
 * (issuing a code ends the earlier ones, each code's budget is its own); and a code whose
 * guessers can no longer be remembered (the table is full) ends instead of taking more guesses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../../electron/core/db/open';
import {
  MAX_ADDRESSES,
  PAIRING_CODE_MAX_WRONG,
  PAIRING_CODE_TTL_MS,
  PAIRING_MAX_WRONG,
  createPairing,
  type PairResult,
  type Pairing,
} from '../../../electron/core/hub/pairing';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let db: ReturnType<typeof openKioskDb>;
let now: number;
let pairing: Pairing;
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-hub-budget-'));
  dirs.push(dir);
  db = openKioskDb({ dataDir: dir });
  now = 1_800_000_000_000;
  pairing = createPairing(db, () => now);
});
afterEach(() => db.$client.close());

const otherThan = (code: string): string => (code === '000000' ? '000001' : '000000');
const outcome = (result: PairResult): string => (result.ok ? 'paired' : result.reason);
const guess = (code: string, address: string, name = 'Stranger'): string =>
  outcome(pairing.pair({ code, name, role: 'counter', address }));

describe('a fresh pairing code', () => {
  it('issue 39 item 3: pairs at once after strangers and a typo spent the earlier code, each of a code every 20 s', () => {
    const tablet = '192.168.1.40';
    const a = pairing.createCode();
    // Strangers at six addresses: 30 wrong codes against A (each address until it is locked).
    const strangers = Array.from({ length: 6 }, (_, i) => `192.168.1.${100 + i}`);
    const answers = strangers.flatMap((address) =>
      Array.from({ length: PAIRING_MAX_WRONG }, () => guess(otherThan(a.code), address)),
    );
    expect(answers).toHaveLength(30);
    expect(answers).not.toContain('paired');
    // The tablet mistypes A once.
    expect(guess(otherThan(a.code), tablet, 'Window tablet')).toBe('wrong_code');

    // Staff issue a fresh code every 20 s while A would still live: each pairs at once.
    const paired: string[] = [];
    for (let at = 0; at <= 100_000; at += 20_000) {
      now = a.expiresAt - PAIRING_CODE_TTL_MS + at;
      const fresh = pairing.createCode();
      paired.push(guess(fresh.code, tablet, `Window tablet ${at / 1000} s`));
    }
    expect(paired).toEqual(Array(6).fill('paired'));
  });

  it('issue 39 item 3: issuing a code ends the earlier one', () => {
    const first = pairing.createCode();
    const second = pairing.createCode();
    expect(guess(first.code, '192.168.1.41')).toBe('wrong_code');
    expect(guess(second.code, '192.168.1.42')).toBe('paired');
  });

  it("issue 39 item 3: the fresh code's budget is its own: wrong codes before it do not count against it", () => {
    const old = pairing.createCode();
    for (let i = 0; i < PAIRING_CODE_MAX_WRONG; i += 1)
      guess(otherThan(old.code), `10.0.3.${i + 1}`);
    const fresh = pairing.createCode();
    // A former guesser of the old code is not refused by the fresh one.
    expect(guess(fresh.code, '10.0.3.1', 'Counter 2')).toBe('paired');
  });
});

describe('a full guesser table', () => {
  it('issue 39 item 4: fails closed: once the guessers cannot be remembered, the code ends', () => {
    const { code } = pairing.createCode();
    const wrong = otherThan(code);
    // IPv6 sources are cheap: one wrong guess from each of MAX_ADDRESSES addresses fills the table.
    const address = (i: number): string =>
      `fd00::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`;
    for (let i = 0; i < MAX_ADDRESSES; i += 1) guess(wrong, address(i));
    // More addresses keep guessing: the code cannot remember them, so it ends.
    const later = Array.from({ length: 2_000 }, (_, i) => guess(wrong, address(MAX_ADDRESSES + i)));
    expect(later.every((answer) => answer === 'wrong_code' || answer === 'locked')).toBe(true);
    // Even the right code, from an address never seen, no longer pairs ("counter" chosen by the guesser).
    expect(guess(code, address(MAX_ADDRESSES + 5_000))).toBe('wrong_code');
    expect(pairing.list()).toEqual([]);
    // Staff's next code works.
    const fresh = pairing.createCode();
    expect(guess(fresh.code, '192.168.1.40', 'Counter 1')).toBe('paired');
  });
});
