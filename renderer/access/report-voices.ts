import { useEffect } from 'react';
import type { KioskClient } from '../../shared/kiosk-api';
import { LANGUAGE_CODES } from '../../shared/languages';

/**
 * Tells the core once which UI languages this screen's browser can speak (issue 31): IT reads
 * it in the diagnostics file and /metrics (`frontdesk_speech_voice_available`), before a customer
 * finds a language without a voice. The speech module is a chunk of its own, fetched after the
 * first screen shows; a failure only leaves the report out.
 */
export function useReportVoices(client: KioskClient, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    import('./speech')
      .then((speech) => speech.voiceAvailability())
      .then((found) => {
        if (!live) return;
        void client.reportSpeechVoices({
          voices: LANGUAGE_CODES.map((language) => ({ language, available: found[language] })),
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, enabled]);
}
