/**
 * The staff status bar says what is known (issue 18): online only on a recent good answer, a
 * 5xx is "the API has problems" (not online, not offline), offline names why in plain words.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../renderer/components/StatusBar';
import { createI18n } from '../../renderer/i18n/setup';
import type { SyncStatus } from '../../shared/kiosk-api';

afterEach(cleanup);

const base: SyncStatus = {
  online: true,
  mode: 'enabled',
  lastSyncAt: null,
  queued: 0,
  unknown: 0,
  rateLimit: null,
  clockSkewMs: null,
  lastError: null,
  upstream: 'remote',
};

function bar(status: SyncStatus): { state: string | null; text: string } {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StatusBar status={status} locale="en" timeZone="Europe/Berlin" onSyncNow={() => undefined} />
    </I18nextProvider>,
  );
  const state = screen.getByTestId('status-state');
  return {
    state: state.getAttribute('data-state'),
    text: screen.getByTestId('status-bar').textContent ?? '',
  };
}

describe('StatusBar', () => {
  it.each([
    [{}, 'online', 'Online'],
    [
      {
        online: false,
        mode: 'offline',
        problemStatus: 503,
        lastError: 'The API has problems (HTTP 503).',
      },
      'problems',
      'The API has problems',
    ],
    [
      { online: false, mode: 'offline', offlineReason: 'connect', lastError: 'API unreachable' },
      'offline',
      'no connection',
    ],
    [
      { online: false, mode: 'offline', lastError: 'No news from the API for over a minute.' },
      'offline',
      'No news from the API for over a minute.',
    ],
    [{ online: false, mode: 'paused', problemStatus: 503 }, 'paused', 'refused the key'],
  ] as const)('%o shows %s', (change, state, words) => {
    const shown = bar({ ...base, ...change });
    expect(shown.state).toBe(state);
    expect(shown.text).toContain(words);
    if (state !== 'online') expect(shown.text).not.toMatch(/^Online/);
  });

  it('the API budget: what is left this minute and today, in words (issue 28)', () => {
    bar({
      ...base,
      rateLimit: { limit: 60, remaining: 59, resetAt: '2026-11-24T09:01:00.000Z' },
      budget: { minute: { limit: 60, remaining: 57 }, day: { limit: 1000, remaining: 812 } },
    });
    expect(screen.getByTestId('status-budget').textContent).toBe(
      'API requests left: 57 of 60 this minute, 812 of 1000 today',
    );
  });
});
