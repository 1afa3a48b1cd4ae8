import {
  LANGUAGE_CODES,
  isLanguageCode,
  languageFacts,
  type LanguageCode,
} from '../../shared/languages';

/**
 * The kiosk's voice (issue 31, audio mode): the platform's Web Speech API (`speechSynthesis`:
 * SAPI voices on Windows, the system voices on macOS, speech-dispatcher with espeak-ng on Linux).
 * One sentence at a time: a new sentence cancels the old one (a new focus must not wait behind
 * the last), unless it is queued behind it on purpose (a screen's summary, then its first item).
 */
export interface Spoken {
  text: string;
  /** A language code of ours, or any BCP 47 tag (a service title in the shop's language). */
  lang: string;
}

/** The speaking rate's bounds and step (`+` and `-` on the keypad). */
export const RATE = { min: 0.5, max: 2, step: 0.25, initial: 1 } as const;

export function voiceTag(lang: string): string {
  return isLanguageCode(lang) ? languageFacts(lang).voice : lang;
}

function synth(): SpeechSynthesis | null {
  return typeof speechSynthesis === 'undefined' ? null : speechSynthesis;
}

function primary(tag: string): string {
  return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * The platform's voices. Chromium fills the list after a `voiceschanged` event (speech-dispatcher
 * answers late); a platform that never sends one has what `getVoices` says at once.
 */
async function voices(): Promise<SpeechSynthesisVoice[]> {
  const speech = synth();
  if (!speech) return [];
  const now = speech.getVoices();
  if (now.length > 0) return now;
  return new Promise((resolve) => {
    const done = (): void => {
      speech.removeEventListener('voiceschanged', done);
      resolve(speech.getVoices());
    };
    speech.addEventListener('voiceschanged', done);
    // Why a timer here: a platform with no voice at all never sends `voiceschanged`.
    setTimeout(done, 1500);
  });
}

/** Per UI language, whether the platform has a voice for it (for the screen and diagnostics). */
export async function voiceAvailability(): Promise<Record<LanguageCode, boolean>> {
  const have = new Set((await voices()).map((voice) => primary(voice.lang)));
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, have.has(code)])) as Record<
    LanguageCode,
    boolean
  >;
}

export interface Speaker {
  /** Speaks the sentences, cancelling whatever is being said unless `queue` is set. */
  say(parts: readonly Spoken[], options?: { queue?: boolean }): void;
  /** The last thing said, again (Home). */
  repeat(): void;
  /** Changes the rate by `steps` (+1 faster, -1 slower); returns the new rate. */
  changeRate(steps: number): number;
  stop(): void;
}

export function createSpeaker(): Speaker {
  let rate: number = RATE.initial;
  let last: readonly Spoken[] = [];
  let known: SpeechSynthesisVoice[] = [];
  void voices().then((list) => {
    known = list;
  });
  const voiceFor = (tag: string): SpeechSynthesisVoice | undefined =>
    known.find((voice) => voice.lang === tag) ??
    known.find((voice) => primary(voice.lang) === primary(tag));

  const utter = (parts: readonly Spoken[], queue: boolean): void => {
    const speech = synth();
    if (!speech) return;
    if (!queue) speech.cancel();
    for (const part of parts) {
      const text = part.text.trim();
      if (!text) continue;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = voiceTag(part.lang);
      utterance.rate = rate;
      const voice = voiceFor(utterance.lang);
      if (voice) utterance.voice = voice;
      speech.speak(utterance);
    }
  };

  return {
    say(parts, options = {}) {
      const queue = options.queue === true;
      last = queue ? [...last, ...parts] : parts;
      utter(parts, queue);
    },
    repeat() {
      utter(last, false);
    },
    changeRate(steps) {
      rate = Math.min(RATE.max, Math.max(RATE.min, rate + steps * RATE.step));
      return rate;
    },
    stop() {
      synth()?.cancel();
    },
  };
}
