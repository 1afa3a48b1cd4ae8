import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import { isLanguageCode } from '../../shared/languages';
import { FALLBACK_LANGUAGE } from '../i18n/languages';
import {
  CODE_LAYOUT,
  EMAIL_LARGE_KEYS,
  emailDomainKeys,
  emailLayout,
  PHONE_LAYOUT,
  scriptLabel,
  textLayers,
  textLayout,
  type KeyboardKind,
  type TextLayer,
} from './keyboard-layouts';

export type { KeyboardKind } from './keyboard-layouts';
export type KeyboardInput =
  { kind: 'char'; text: string } | { kind: 'backspace' } | { kind: 'enter' };

interface OnScreenKeyboardProps {
  kind: KeyboardKind;
  onInput: (input: KeyboardInput) => void;
}

/**
 * The touch keyboard of kiosk mode, laid out for the screen's language. It holds no text of its
 * own: every key goes to `onInput`, so the form state stays the one source (and the idle reset
 * clears it in one place). It is loaded on demand (components/lazy.ts).
 */
export function OnScreenKeyboard({ kind, onInput }: OnScreenKeyboardProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const [shift, setShift] = useState(false);
  // The layer belongs to one language: a new language starts on its own letters.
  const [layer, setLayer] = useState<{ language: string; layer: TextLayer }>({
    language,
    layer: 'own',
  });
  const current = layer.language === language ? layer.layer : 'own';
  const layers = textLayers(language);

  const layout =
    kind === 'text'
      ? textLayout(language, current)
      : kind === 'email'
        ? emailLayout(language)
        : kind === 'code'
          ? CODE_LAYOUT
          : PHONE_LAYOUT;
  const shiftable = kind === 'text' || kind === 'code';
  const switchTo = (next: TextLayer): void => {
    setLayer({ language, layer: next });
    setShift(false);
  };

  const press = (button: string): void => {
    switch (button) {
      case '{shift}':
        setShift((value) => !value);
        return;
      case '{script}':
        switchTo(current === 'own' ? 'latin' : 'own');
        return;
      case '{accents}':
        switchTo(current === 'accents' ? (layers.includes('latin') ? 'latin' : 'own') : 'accents');
        return;
      case '{bksp}':
        onInput({ kind: 'backspace' });
        return;
      case '{enter}':
        onInput({ kind: 'enter' });
        return;
      case '{space}':
        onInput({ kind: 'char', text: ' ' });
        return;
      default:
        onInput({ kind: 'char', text: button });
        if (shift) setShift(false);
    }
  };

  return (
    // Keys keep their physical order in a right-to-left language too, as on a real keyboard.
    <div
      className={`keyboard keyboard-${kind}`}
      dir="ltr"
      role="group"
      aria-label={t('keyboard.label')}
      data-testid="on-screen-keyboard"
      data-layer={kind === 'text' ? current : kind}
    >
      <Keyboard
        layout={layout}
        layoutName={shift && shiftable ? 'shift' : 'default'}
        onKeyPress={press}
        preventMouseDownDefault
        disableButtonHold
        display={{
          '{bksp}': '⌫',
          '{enter}': `${t('keyboard.next')} ↵`,
          '{shift}': '⇧',
          '{space}': ' ',
          '{script}': current === 'own' ? 'ABC' : scriptLabel(language),
          '{accents}': current === 'accents' ? 'ABC' : 'àé',
        }}
        buttonTheme={[
          // simple-keyboard themes a key in every layout: the big e-mail keys only on e-mail.
          ...(kind === 'email'
            ? [
                { class: 'key-large', buttons: EMAIL_LARGE_KEYS },
                { class: 'key-domain', buttons: emailDomainKeys(language) },
              ]
            : []),
          { class: 'key-switch', buttons: '{script} {accents} {shift}' },
          ...(shift ? [{ class: 'key-on', buttons: '{shift}' }] : []),
        ]}
        theme="hg-theme-default frontdesk-keyboard"
      />
    </div>
  );
}
