import { useEffect, useRef, useState } from 'react';
import type { LanguageCode } from '../../shared/languages';
import { accessModes, lastSessionEnd } from './access-modes';
import { AudioController } from './audio-controller';
import { audioEntry } from './entry-way';
import { installExploreByTouch } from './explore-touch';
import { handleKey } from './keypad';
import { createSpeaker, voiceAvailability } from './speech';
import { SPEECH_TEXT } from './speech-text';
import './audio.css';

interface AudioLayerProps {
  /** The screen's language: a change says the screen again in it. */
  language: LanguageCode;
}

/**
 * Audio mode while it is on (issue 31): the speech, the keypad, explore by touch and the notice
 * of a language without a voice. Loaded when first used (audio-entry.ts), so the first screen
 * of every other customer carries none of it.
 */
export function AudioLayer({ language }: AudioLayerProps) {
  const controller = useRef<AudioController | null>(null);
  // The customer's language as the session ends (the shop's returns right after).
  const spokenLanguage = useRef(language);
  useEffect(() => {
    spokenLanguage.current = language;
  }, [language]);
  const [voices, setVoices] = useState<Record<LanguageCode, boolean> | null>(null);

  useEffect(() => {
    const speaker = createSpeaker();
    const audio = new AudioController(speaker);
    controller.current = audio;
    const words = SPEECH_TEXT[language];
    audio.start(audioEntry() === 'touch' ? words.welcomeTouch : words.welcome);
    const onKey = (event: KeyboardEvent): void => handleKey(event, audio);
    window.addEventListener('keydown', onKey, true);
    const removeTouch = installExploreByTouch(audio);
    document.documentElement.classList.add('audio-mode');
    return () => {
      window.removeEventListener('keydown', onKey, true);
      removeTouch();
      audio.stop();
      // Audio mode ends with the session: an idle reset is said, or the customer hears nothing.
      if (!accessModes().audio && lastSessionEnd() === 'idle') {
        const lang = spokenLanguage.current;
        speaker.say([{ text: SPEECH_TEXT[lang].sessionEnded, lang }]);
      }
      controller.current = null;
      document.documentElement.classList.remove('audio-mode');
    };
    // The welcome is said once, in the language audio mode starts in; later ones: below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    controller.current?.sayScreen();
  }, [language]);

  useEffect(() => {
    let live = true;
    void voiceAvailability().then((found) => {
      if (live) setVoices(found);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!voices || voices[language]) return null;
  return (
    <p className="audio-no-voice notice notice-warning" role="status" data-testid="audio-no-voice">
      {SPEECH_TEXT[language].noVoice}
    </p>
  );
}
