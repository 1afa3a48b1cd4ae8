import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';

export type KeyboardKind = 'text' | 'email' | 'phone';

const LAYOUTS: Record<KeyboardKind, Record<string, string[]>> = {
  text: {
    default: [
      '1 2 3 4 5 6 7 8 9 0 {bksp}',
      'q w e r t z u i o p ü',
      'a s d f g h j k l ö ä',
      '{shift} y x c v b n m - \' ß',
      '{space} . , {enter}',
    ],
    shift: [
      '1 2 3 4 5 6 7 8 9 0 {bksp}',
      'Q W E R T Z U I O P Ü',
      'A S D F G H J K L Ö Ä',
      '{shift} Y X C V B N M - \' ß',
      '{space} . , {enter}',
    ],
  },
  email: {
    default: [
      '1 2 3 4 5 6 7 8 9 0 {bksp}',
      'q w e r t z u i o p',
      'a s d f g h j k l',
      'y x c v b n m - _ .',
      '@ .com .de {enter}',
    ],
  },
  phone: {
    default: ['1 2 3 {bksp}', '4 5 6 +', '7 8 9 /', '( 0 ) -', '{space} {enter}'],
  },
};

export type KeyboardInput = { kind: 'char'; text: string } | { kind: 'backspace' } | { kind: 'enter' };

interface OnScreenKeyboardProps {
  kind: KeyboardKind;
  onInput: (input: KeyboardInput) => void;
}

/**
 * The touch keyboard of kiosk mode. It holds no text of its own: every key goes to `onInput`,
 * so the form state stays the one source (and the idle reset clears it in one place).
 */
export function OnScreenKeyboard({ kind, onInput }: OnScreenKeyboardProps) {
  const { t } = useTranslation();
  const [shift, setShift] = useState(false);
  const layoutName = kind === 'text' && shift ? 'shift' : 'default';

  const press = (button: string): void => {
    switch (button) {
      case '{shift}':
        setShift((value) => !value);
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
    <div className={`keyboard keyboard-${kind}`} role="group" aria-label={t('keyboard.label')} data-testid="on-screen-keyboard">
      <Keyboard
        layout={LAYOUTS[kind]}
        layoutName={layoutName}
        onKeyPress={press}
        preventMouseDownDefault
        disableButtonHold
        display={{ '{bksp}': '⌫', '{enter}': `${t('keyboard.next')} ↵`, '{shift}': '⇧', '{space}': ' ' }}
        theme="hg-theme-default frontdesk-keyboard"
      />
    </div>
  );
}
