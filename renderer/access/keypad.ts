import type { AudioController } from './audio-controller';
import { isTextField } from './describe';
import { calendarMove, keyRowMove, leaveKeyboard, navigationRoot } from './navigation';

/**
 * The keypad of audio mode (issue 31): any USB navigation keypad or keyboard.
 * ArrowDown / ArrowRight / Tab: next item; ArrowUp / ArrowLeft / Shift+Tab: previous. In the
 * calendar, left and right move a day, up and down a week; on the on-screen keyboard, up and
 * down move a row. Enter and Space activate, Escape (and Backspace outside a text field) go back,
 * F1 or `?` help, Home repeats, End reads the customer's own details, `+` and `-` the rate.
 * Letters and digits go to a text field as they always do.
 */
export function handleKey(event: KeyboardEvent, audio: AudioController): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const inText = isTextField(active);
  const done = (): void => {
    event.preventDefault();
    event.stopPropagation();
  };
  const onKey = active?.classList.contains('hg-button') === true;
  const onDay = active?.hasAttribute('data-date') === true;
  const root = navigationRoot();

  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
    case 'ArrowLeft':
    case 'ArrowRight': {
      done();
      const forward = event.key === 'ArrowDown' || event.key === 'ArrowRight';
      const vertical = event.key === 'ArrowDown' || event.key === 'ArrowUp';
      const special =
        active && root && onDay
          ? calendarMove(root, active, (vertical ? 7 : 1) * (forward ? 1 : -1))
          : active && root && onKey && vertical
            ? (keyRowMove(active, forward ? 1 : -1) ??
              leaveKeyboard(root, active, forward ? 1 : -1))
            : null;
      if (special) audio.moveTo(special);
      else audio.move(forward ? 1 : -1);
      return;
    }
    case 'Tab':
      done();
      audio.move(event.shiftKey ? -1 : 1);
      return;
    case 'Enter':
    case ' ':
      // Buttons, links and fields do what they always do; the on-screen keys are divs.
      if (onKey && active) {
        done();
        audio.activate(active);
      }
      return;
    case 'Escape':
      done();
      audio.back();
      return;
    case 'Backspace':
      if (inText) return;
      done();
      audio.back();
      return;
    case 'F1':
      done();
      audio.help();
      return;
    case 'Home':
      done();
      audio.repeat();
      return;
    case 'End':
      done();
      audio.readPersonal();
      return;
    case '?':
    case '+':
    case '-':
      // In a text field these are text (a phone number's +, a double name's -).
      if (inText) return;
      done();
      if (event.key === '?') audio.help();
      else audio.changeRate(event.key === '+' ? 1 : -1);
      return;
    default:
      return;
  }
}
