/**
 * Issue 31 / 29: the kiosk screen tells the core which UI languages its browser can speak, so
 * that IT sees a missing voice in diagnostics and /metrics before a customer meets it.
 */
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_AFTER_MS } from '../../renderer/access/report-voices';
import { LANGUAGE_CODES } from '../../shared/languages';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function voicesFor(...langs: string[]): SpeechSynthesis {
  const voices = langs.map((lang) => ({ lang, name: lang }) as SpeechSynthesisVoice);
  return {
    getVoices: () => voices,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as SpeechSynthesis;
}

describe('the speech voices report', () => {
  it('says per language whether the browser has a voice, once the kiosk has started', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('speechSynthesis', voicesFor('de-DE', 'en-GB', 'ar'));
    const { client } = renderApp();
    await settle();
    // Not on the first screen's load: only once it has settled.
    expect(client.speechVoices).toBeNull();
    await vi.advanceTimersByTimeAsync(REPORT_AFTER_MS);
    await waitFor(() => expect(client.speechVoices).not.toBeNull());
    expect(client.speechVoices).toEqual(
      LANGUAGE_CODES.map((language) => ({
        language,
        available: ['de', 'en', 'ar'].includes(language),
      })),
    );
  });

  it('is not sent from a counter screen', async () => {
    const client = new FakeKioskClient();
    client.settings = { ...client.settings, mode: 'counter' };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(client);
    await settle();
    await vi.advanceTimersByTimeAsync(REPORT_AFTER_MS);
    await settle();
    expect(client.calls.map((call) => call.method)).not.toContain('reportSpeechVoices');
  });
});
