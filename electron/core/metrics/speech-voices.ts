/**
 * Which UI languages have a speech voice on this kiosk: the kiosk screen's browser knows (its
 * speechSynthesis voices), so it reports them (`reportSpeechVoices`, public: it says nothing
 * about anyone) and the core keeps the last report in memory for diagnostics and /metrics.
 */
import type { KioskApi, KioskParsedInput } from '../../../shared/kiosk-api';

export type SpeechVoice = KioskParsedInput<'reportSpeechVoices'>['voices'][number];

export interface SpeechVoices {
  api: Pick<KioskApi, 'reportSpeechVoices'>;
  /** The last report, one entry per language (empty before the first). */
  current(): readonly SpeechVoice[];
}

export function createSpeechVoices(): SpeechVoices {
  let voices: readonly SpeechVoice[] = [];
  return {
    api: {
      reportSpeechVoices: (input) => {
        // One entry per language: a later duplicate in the same report wins.
        const byLanguage = new Map(input.voices.map((voice) => [voice.language, voice]));
        voices = [...byLanguage.values()];
        return Promise.resolve(null);
      },
    },
    current: () => voices,
  };
}
