import { defineConfig } from 'vitest/config';

// The tests that the mutation run (npm run test:mutation) runs against each mutant of the kiosk
// core: its unit tests and the fast integration tests of the core against the reference server
// (the store contract, mirror steps, the loops on a fast clock, the engine, the upstream client).
// Left out: runs that wait real seconds (the simulated day, the SIGKILL crash runs, the 16 s
// freshness run, the fault-proxy time-outs and 429 storm), which multiply into hours over two
// thousand mutants on a two-core machine; they still run in `npm test`.
// The governor and the client sit under every request, so every integration test covers them:
// for those two areas (FRONTDESK_MUTATE=governor|upstream) their own tests decide (unit, the
// client against the server, the loops). Fewer tests can only kill fewer mutants: the score
// is a lower bound of the whole suite's.
// FRONTDESK_MUTATION_TESTS=unit keeps the unit tests only (the quick run over pure modules).
process.env.FRONTDESK_LOG_LEVEL ??= 'silent';
const unitOnly = process.env.FRONTDESK_MUTATION_TESTS === 'unit';
const underEveryRequest = ['governor', 'upstream'].includes(process.env.FRONTDESK_MUTATE ?? '');

const unit = {
  test: {
    name: 'unit',
    include: ['test/unit/core/**/*.test.ts'],
    environment: 'node' as const,
  },
};

const integration = {
  test: {
    name: 'integration',
    include: underEveryRequest
      ? [
          'test/integration/core/upstream-client.test.ts',
          'test/integration/core/loops.test.ts',
          // The reachability check (upstream/reachability.ts): real sockets, about a second.
          'test/integration/core/reachability-check.test.ts',
          'test/integration/core/reachability.test.ts',
        ]
      : [
          'test/integration/core/outbox-store.test.ts',
          'test/integration/core/mirror-step.test.ts',
          'test/integration/core/mirror-loop.test.ts',
          'test/integration/core/loops.test.ts',
          // The engine's features: lookups and booking, refusals and fallbacks, staff's actions.
          'test/integration/core/lookups-and-bookings.test.ts',
          'test/integration/core/refusals-and-fallbacks.test.ts',
          'test/integration/core/staff-retry-discard-sync.test.ts',
          'test/integration/core/core-client-contract.test.ts',
          'test/integration/core/upstream-client.test.ts',
          // Staff actions, settings and customer data through the real core (a few seconds).
          'test/integration/core/settings.test.ts',
          'test/integration/core/settings-service.test.ts',
          // The welcome line per language: the one-text migration, a clear (settings-service.ts).
          'test/integration/core/shop-welcome.test.ts',
          'test/integration/core/staff-session.test.ts',
          'test/integration/core/staff-access.test.ts',
          'test/integration/core/shop-profile.test.ts',
          'test/integration/core/customer-data.test.ts',
          'test/integration/core/discard-and-rebook.test.ts',
          'test/integration/core/calendar-first.test.ts',
          // The modules split out of the outbox and the engine since (issues 16-19): the lost
          // answer's pre-check (slot-check.ts), a full disk (held-writes.ts, kiosk-outbox.ts),
          // rows set aside, the appointment's time against the API's clock, visits, refusals.
          'test/integration/core/safe-retry.test.ts',
          'test/integration/core/lost-answer-told.test.ts',
          'test/integration/core/disk-full.test.ts',
          'test/integration/core/kiosk-outbox.test.ts',
          'test/integration/core/poison-row.test.ts',
          'test/integration/core/clock-jumps.test.ts',
          'test/integration/core/visits.test.ts',
          'test/integration/core/refusal-retention.test.ts',
          'test/integration/core/setup-required.test.ts',
          'test/integration/core/times-per-employee.test.ts',
          'test/integration/core/catalog-from-other-apis.test.ts',
          // The engine's answers to APIs that are not ours (a taken slot as 400/404/422, the
          // variant upstream's modes; about 8 s), and what a booking tells the status bar.
          'test/integration/core/any-upstream.test.ts',
          'test/integration/core/booking-announcements.test.ts',
          'test/integration/core/lookups-from-cache.test.ts',
          'test/integration/core/visit-offers-and-queue.test.ts',
          'test/integration/core/staff-actions-told.test.ts',
          // Sync now: what it asks the API, what it leaves alone, what it reports and announces.
          'test/integration/core/sync-now.test.ts',
          // The booking area's files since the rooms (issue 27): the screens' holds, the day
          // view, one booking path (a refusal told at once, a taken time answered 404), a time
          // refused on replay, a person's times, the booking's language and its follow-up (about 35 s).
          'test/integration/core/screen-holds.test.ts',
          'test/integration/core/day-glance.test.ts',
          'test/integration/core/told-at-once.test.ts',
          'test/integration/core/taken-answered-404.test.ts',
          'test/integration/core/refused-time-not-offered.test.ts',
          'test/integration/core/person-times.test.ts',
          'test/integration/core/booking-language.test.ts',
          'test/integration/core/booking-follow-up.test.ts',
          // The lookups, a booking's steps and the day view over real SQLite, a scripted API.
          'test/integration/core/lookups-rig.test.ts',
          'test/integration/core/booking-steps.test.ts',
          'test/integration/core/day-glance-rig.test.ts',
        ],
    environment: 'node' as const,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // One fork for all files instead of one per file: a core's code is covered by every file,
    // so each mutant ran about 35 forks, which cost more than its tests. Each test opens its
    // own core, server and folder; the selection passes this way as it does isolated.
    isolate: false,
  },
};

export default defineConfig({
  test: { projects: unitOnly ? [unit] : [unit, integration] },
});
