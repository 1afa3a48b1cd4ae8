/** Diagnostics name the sync state in the status bar's word (issue 18), beside the raw status. */
import { describe, expect, it } from 'vitest';
import {
  buildDiagnostics,
  OUTBOX_STATES,
  type OutboxCounts,
} from '../../../electron/core/host/diagnostics';
import type { SyncStatus } from '../../../shared/kiosk-api';

const sync: SyncStatus = {
  online: false,
  mode: 'offline',
  lastSyncAt: null,
  queued: 2,
  unknown: 0,
  rateLimit: null,
  clockSkewMs: null,
  lastError: 'The API has problems (HTTP 503).',
  upstream: 'remote',
};

const outbox = Object.fromEntries([
  ...OUTBOX_STATES.map((s) => [s, 0]),
  ['dueNow', 0],
]) as OutboxCounts;

function stateIn(status: SyncStatus): unknown {
  const text = buildDiagnostics({
    now: new Date(0),
    app: { version: '0.0.0' } as never,
    versions: {},
    config: {},
    sync: status,
    outbox,
    recentLog: '',
  });
  return (JSON.parse(text) as { sync: { state: unknown } }).sync.state;
}

describe('diagnostics sync state', () => {
  it.each([
    [{ problemStatus: 503 }, 'problems'],
    [{ offlineReason: 'connect' as const }, 'offline'],
    [{ online: true, mode: 'enabled' as const, lastError: null }, 'online'],
    [{ mode: 'paused' as const }, 'paused'],
  ])('%o is %s', (change, state) => {
    expect(stateIn({ ...sync, ...change })).toBe(state);
  });
});
