/**
 * The one table of what an upstream outcome means (upstream/outcome-table.ts): every outcome
 * lands in one class, each class's columns agree with one another, and "taken" is decided
 * there alone (issue 27).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  answerClass,
  OUTCOME_TABLE,
  outcomeClass,
  refusalCode,
  refusedAsTaken,
  type OutcomeClass,
} from '../../../electron/core/upstream/outcome-table';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import { SLOT_TAKEN_REFUSAL } from '../../../shared/kiosk-data';

const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const http = (status: number): UpstreamOutcome<unknown> => ({
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  meta,
});

describe('outcomeClass', () => {
  it.each<[UpstreamOutcome<unknown>, OutcomeClass]>([
    [{ kind: 'ok', status: 200, data: null, meta }, 'ok'],
    [http(401), 'keyRefused'],
    [http(403), 'keyRefused'],
    [http(409), 'conflict'],
    [http(404), 'notFound'],
    [http(400), 'badRequest'],
    [http(422), 'badRequest'],
    [http(413), 'otherClientError'],
    [http(408), 'serverFault'],
    [http(503), 'serverFault'],
    [http(302), 'serverFault'],
    [http(102), 'serverFault'],
    // An error answer the client did not read as a rate limit is one all the same (issue 40:
    // outcomeClass called it a client error, answerClass a rate limit).
    [http(429), 'rateLimited'],
    [{ kind: 'rateLimited', retryAfterMs: 1, meta }, 'rateLimited'],
    [{ kind: 'throttled', waitMs: 1 }, 'budgetSpent'],
    [{ kind: 'network', reason: 'connect', message: '' }, 'notSent'],
    [{ kind: 'network', reason: 'timeout', message: '' }, 'answerLost'],
    [{ kind: 'network', reason: 'reset', message: '' }, 'answerLost'],
    [{ kind: 'invalidBody', status: 201, meta }, 'unreadableSuccess'],
    [{ kind: 'invalidBody', status: 500, meta }, 'unreadableError'],
  ])('%j is %s', (outcome, cls) => {
    expect(outcomeClass(outcome)).toBe(cls);
  });
});

describe('answerClass (each answer as the sync status reads it)', () => {
  it.each<[number, OutcomeClass]>([
    [200, 'ok'],
    [204, 'ok'],
    [429, 'rateLimited'],
    [413, 'otherClientError'],
    [401, 'keyRefused'],
    [500, 'serverFault'],
    [408, 'serverFault'],
    [301, 'serverFault'],
    [409, 'conflict'],
    [404, 'notFound'],
    [422, 'badRequest'],
    [403, 'keyRefused'],
    [600, 'serverFault'],
    [42, 'serverFault'],
  ])('%s is %s', (status, cls) => {
    expect(answerClass(status)).toBe(cls);
  });

  it('an error answer is the class of its status, whichever reader asks (issue 40)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        expect(outcomeClass(http(status))).toBe(answerClass(status));
      }),
    );
  });

  it('names each status 100-599 once among the codes and once among the ranges of the rows', () => {
    const classes = Object.keys(OUTCOME_TABLE) as OutcomeClass[];
    for (let status = 100; status <= 599; status += 1) {
      const byCode = classes.filter((c) => OUTCOME_TABLE[c].statuses.includes(status));
      const byRange = classes.filter((c) =>
        OUTCOME_TABLE[c].statuses.some(
          (m) => typeof m !== 'number' && m[0] <= status && status <= m[1],
        ),
      );
      expect({ status, byCode: byCode.length <= 1, byRange: byRange.length }).toEqual({
        status,
        byCode: true,
        byRange: 1,
      });
    }
  });
});

describe('how the client reads an answer, and what the mirror does next (the table)', () => {
  it.each<[number, string]>([
    [200, 'data'],
    [201, 'data'],
    [429, 'retryAfter'],
    [409, 'error'],
    [302, 'error'],
    [503, 'error'],
  ])('a %s answer is read as %s', (status, answer) => {
    expect(OUTCOME_TABLE[answerClass(status)].answer).toBe(answer);
  });

  it('only classes with an HTTP status say how their body is read', () => {
    for (const meaning of Object.values(OUTCOME_TABLE))
      expect(meaning.answer === null).toBe(meaning.statuses.length === 0);
  });

  it.each<[OutcomeClass, string]>([
    ['ok', 'next'],
    ['keyRefused', 'keyRefused'],
    ['conflict', 'refused'],
    ['notFound', 'refused'],
    ['badRequest', 'refused'],
    ['otherClientError', 'refused'],
    ['serverFault', 'failed'],
    ['rateLimited', 'wait'],
    ['budgetSpent', 'wait'],
    ['notSent', 'offline'],
    ['answerLost', 'offline'],
    ['unreadableError', 'failed'],
    ['unreadableSuccess', 'failed'],
  ])('a refresh that came to %s: the mirror %s', (cls, refresh) => {
    expect(OUTCOME_TABLE[cls].refresh).toBe(refresh);
  });
});

describe('the table', () => {
  const rows = Object.entries(OUTCOME_TABLE);

  it('only a refusal can mean taken, and only a refusal refuses the customer', () => {
    for (const [cls, meaning] of rows) {
      const refused = meaning.booking === 'refused';
      expect({ cls, taken: refused || meaning.taken === 'no' }).toEqual({ cls, taken: true });
      expect({ cls, customer: refused === (meaning.customer !== null) }).toEqual({
        cls,
        customer: true,
      });
      // A booking refusal is a client error for a lookup, and the API answered: online.
      if (refused)
        expect(meaning).toMatchObject({ lookup: 'client', status: { booking: 'success' } });
    }
  });

  it('a replay only ever tells the status of a refused key (the probe decides offline)', () => {
    for (const [, meaning] of rows) expect(['none', 'auth']).toContain(meaning.status.replay);
  });

  it('a request that may have reached the API is retried with its answer marked lost', () => {
    expect(rows.filter(([, m]) => m.responseLost).map(([cls]) => cls)).toEqual([
      'answerLost',
      'unreadableSuccess',
    ]);
  });

  it('every HTTP status but a success has a class whose verdict is no success', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const sent = OUTCOME_TABLE[answerClass(status)].booking === 'sent';
        expect(sent).toBe(status >= 200 && status <= 299);
      }),
    );
  });
});

describe('what the customer hears of a refusal', () => {
  it.each<[number, 'yes' | 'no' | 'ask', string]>([
    [409, 'yes', 'slot_taken'],
    [404, 'yes', 'slot_taken'], // a remote that answers a taken time 404
    [422, 'yes', 'slot_taken'],
    [404, 'ask', 'not_found'], // the day's list could not tell: the plain refusal
    [404, 'no', 'not_found'],
    [400, 'no', 'invalid_request'],
    [413, 'no', 'invalid_request'],
  ])('%i, taken %s: %s', (status, taken, code) => {
    expect(refusalCode(status, taken)).toBe(code);
  });
});

describe('refusedAsTaken (the e-mail offers other times)', () => {
  it('the one taken message, whatever the status; a 409 stored before it; nothing else', () => {
    expect(refusedAsTaken({ status: 404, message: SLOT_TAKEN_REFUSAL })).toBe(true);
    expect(refusedAsTaken({ status: 409, message: 'Slot taken' })).toBe(true);
    expect(refusedAsTaken({ status: 404, message: 'Not found' })).toBe(false);
    expect(refusedAsTaken({ status: null, message: 'network: connect' })).toBe(false);
    expect(refusedAsTaken(null)).toBe(false);
  });
});
