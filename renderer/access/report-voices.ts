import { useEffect } from 'react';
import type { KioskClient } from '../../shared/kiosk-api';
import { LANGUAGE_CODES } from '../../shared/languages';

/** How long after start the report waits: never on the first screen's load budget. */
export const REPORT_AFTER_MS = 10_000;

/**
 * Tells the core once which UI languages this screen's browser can speak (issue 31): IT reads
 * it in the diagnostics file and /metrics (`frontdesk_speech_voice_available`), before a customer
 * finds a language without a voice. The speech module is a chunk of its own, fetched after the
 * first screen has settled; a failure only leaves the report out.
 */
export function useReportVoices(client: KioskClient, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const report = async (): Promise<void> => {
      const speech = await import('./speech');
      const found = await speech.voiceAvailability();
      if (!live) return;
      await client.reportSpeechVoices({
        voices: LANGUAGE_CODES.map((language) => ({ language, available: found[language] })),
      });
    };
    const timer = setTimeout(() => void report().catch(() => undefined), REPORT_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, enabled]);
}
