import { isLanguageCode, type LanguageCode } from '../../shared/languages';
import {
  CHANGING,
  LIVE,
  describe,
  isVisible,
  liveText,
  personalDetails,
  screenSummary,
  textOf,
} from './describe';
import { activate, backControl, firstItem, focusItem, navigationRoot, step } from './navigation';
import { audioEntry } from './entry-way';
import type { Speaker, Spoken } from './speech';
import { SPEECH_TEXT, helpScreen, type SpeechText } from './speech-text';

/**
 * Audio mode's behaviour on the page (issue 31): says each screen as it appears and moves focus
 * to its first choice, says each item that gets focus, says what appears in an alert, an alert
 * dialog or a status, keeps focus on the page when its element goes away. The keypad
 * (keypad.ts) and explore by touch (explore-touch.ts) move focus through `moveTo`.
 */
export class AudioController {
  private screen: Element | null = null;
  /** A screen appeared whose first choice is still loading: focus waits on its title. */
  private waitingForFirst = false;
  /** Focus this controller gives, said by the controller itself (not again by `focusin`). */
  private quiet: Element | null = null;
  /** The last item focused on the screen itself (not in a dialog over it). */
  private lastFocused: HTMLElement | null = null;
  private readonly observer: MutationObserver;
  private pending: MutationRecord[] = [];
  private stopped = false;
  /** Alert dialogs already said: focus inside a new one waits for its title and text first. */
  private readonly saidDialogs = new WeakSet<Element>();
  /** What was said last: a status that says the same again ("Booking…" while the next screen loads) is not repeated. */
  private lastText = '';
  /** The item that lost focus by being disabled, and what was said of it. */
  private busy: { element: Element; text: string } | null = null;

  constructor(private readonly speaker: Speaker) {
    this.observer = new MutationObserver((records) => this.afterPaint(records));
  }

  /**
   * The page's changes are read after the frame that shows them is painted: a screen appears
   * as fast in audio mode as without it (bench/ui, tap to paint), and speech starts a frame later.
   */
  private afterPaint(records: MutationRecord[]): void {
    const first = this.pending.length === 0;
    this.pending.push(...records);
    if (!first) return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        const batch = this.pending;
        this.pending = [];
        if (!this.stopped) this.onMutations(batch);
      }, 0),
    );
  }

  get words(): SpeechText {
    const lang = document.documentElement.lang;
    return SPEECH_TEXT[isLanguageCode(lang) ? lang : 'en'];
  }

  private get lang(): LanguageCode {
    const lang = document.documentElement.lang;
    return isLanguageCode(lang) ? lang : 'en';
  }

  start(welcome: string): void {
    document.addEventListener('focusin', this.onFocus);
    document.addEventListener('click', this.onClick, true);
    this.observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'lang'],
    });
    this.screen = navigationRoot();
    const target = this.screen ? firstItem(this.screen) : null;
    if (target) this.focusQuietly(target);
    this.say([{ text: welcome, lang: this.lang }, ...(target ? this.describeItem(target) : [])]);
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('focusin', this.onFocus);
    document.removeEventListener('click', this.onClick, true);
    this.observer.disconnect();
    this.speaker.stop();
  }

  say(parts: readonly Spoken[], queue = false): void {
    this.lastText = textOfParts(parts);
    this.speaker.say(parts, { queue });
  }

  /** Moves focus to an item and says it (a new focus cuts the old sentence short). */
  moveTo(element: HTMLElement): void {
    this.waitingForFirst = false;
    this.focusQuietly(element);
    this.say(this.describeItem(element));
  }

  /** Next (+1) or previous (-1) item of the screen or dialog. */
  move(delta: 1 | -1): void {
    const root = navigationRoot();
    if (!root) return;
    const active = document.activeElement;
    const target = step(root, root.contains(active) ? active : null, delta);
    if (target) this.moveTo(target);
  }

  activate(element: HTMLElement): void {
    activate(element);
  }

  back(): void {
    const root = navigationRoot();
    const control = root ? backControl(root) : null;
    if (control) control.click();
  }

  help(): void {
    const screen = this.screen?.getAttribute('data-screen') ?? null;
    this.say([{ text: this.words.help[helpScreen(screen)], lang: this.lang }]);
  }

  repeat(): void {
    this.speaker.repeat();
  }

  changeRate(steps: 1 | -1): void {
    this.speaker.changeRate(steps);
    this.say([{ text: steps > 0 ? this.words.faster : this.words.slower, lang: this.lang }]);
  }

  /** The customer's own details on the screen, on their request (End). */
  readPersonal(): void {
    const root = navigationRoot();
    const parts = root ? personalDetails(root) : [];
    this.say(parts.length > 0 ? parts : [{ text: this.words.nothingEntered, lang: this.lang }]);
  }

  /** The screen again, in its (new) language: after a language was chosen. */
  sayScreen(): void {
    const root = navigationRoot();
    if (!root) return;
    const active = document.activeElement;
    this.say([
      ...screenSummary(root),
      ...(active && root.contains(active) ? this.describeItem(active) : []),
    ]);
  }

  /** What is said of an item; "Touch to start" is for the eye and finger, not the keypad. */
  private describeItem(element: Element): Spoken[] {
    if (audioEntry() === 'keys' && element.matches('[data-screen="start"] .btn-hero'))
      return [{ text: this.words.startButton, lang: this.lang }];
    return describe(element, this.words);
  }

  private focusQuietly(element: HTMLElement): void {
    this.quiet = element;
    focusItem(element);
    this.quiet = null;
    // A disabled item refuses focus: it is not where the customer is.
    if (document.activeElement === element) this.remember(element);
  }

  private remember(element: HTMLElement): void {
    if (element.closest('main[data-screen]')) this.lastFocused = element;
  }

  private readonly onFocus = (event: FocusEvent): void => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === this.quiet) return;
    this.remember(target);
    // A dialog that just appeared focuses its button before it is said: its title comes first.
    const dialog = target.closest('[role="alertdialog"]');
    if (dialog && !this.saidDialogs.has(dialog)) return;
    const root = navigationRoot();
    if (!root?.contains(target)) return;
    this.waitingForFirst = false;
    this.say(this.describeItem(target));
  };

  /**
   * Enter on the language already chosen changes nothing on screen: said, with the way on. Read
   * in the capture phase, before the screen's own handler, while `aria-pressed` is the old state.
   */
  private readonly onClick = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target : null;
    const language = target?.closest('.language-choice button[aria-pressed="true"]');
    if (!language) return;
    const name = textOf(language)
      .map((part) => part.text)
      .join(' ');
    this.say([{ text: this.words.languageChosen(name), lang: this.lang }]);
  };

  private onMutations(records: MutationRecord[]): void {
    const root = navigationRoot();
    if (root !== this.screen) {
      this.screen = root;
      if (root && root.matches('main[data-screen]')) {
        this.onScreen(root);
        return;
      }
    }
    this.sayNewLiveParts(records);
    this.sayChangedRegions(records);
    this.sayRenamedFocus(records);
    this.keepFocus();
  }

  /** The item in focus changed its words ("Book now" became "Booking…"): said once, queued. */
  private sayRenamedFocus(records: MutationRecord[]): void {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return;
    const renamed = records.some(
      (record) => record.type !== 'attributes' && active.contains(record.target),
    );
    if (renamed) this.say(this.describeItem(active), true);
  }

  /** Live regions whose text changed in place (Enter on "Next month"): their new text, queued. */
  private sayChangedRegions(records: MutationRecord[]): void {
    const changed = new Set<Element>();
    for (const record of records) {
      if (record.type === 'attributes') continue;
      const node = record.target;
      const region = (node instanceof Element ? node : node.parentElement)?.closest(CHANGING);
      if (region && isVisible(region)) changed.add(region);
    }
    for (const region of changed) this.say(textOf(region), true);
  }

  /** A new screen: its summary, then its first choice (or its title while that loads). */
  private onScreen(screen: Element): void {
    const summary = screenSummary(screen);
    const target = firstItem(screen);
    if (target && screen.getAttribute('data-screen') === 'start') {
      // Back at the start (audio mode and the language stay): where, and what Enter does.
      this.focusQuietly(target);
      this.waitingForFirst = false;
      this.say([...summary, { text: this.words.startScreen, lang: this.lang }]);
      return;
    }
    if (target) {
      this.focusQuietly(target);
      this.waitingForFirst = false;
      this.say([...summary, ...this.describeItem(target)]);
      return;
    }
    const title = screen.querySelector<HTMLElement>('h1');
    if (title) {
      title.tabIndex = -1;
      this.focusQuietly(title);
    }
    this.waitingForFirst = true;
    this.say(summary);
  }

  /** Alerts, alert dialogs and statuses that appeared, said in the order they appeared. */
  private sayNewLiveParts(records: MutationRecord[]): void {
    const shown: Element[] = [];
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const found = node.matches(LIVE) ? [node] : [...node.querySelectorAll(LIVE)];
        shown.push(...found.filter((element) => isVisible(element)));
      }
    }
    const outer = shown.filter(
      (element) => !shown.some((o) => o !== element && o.contains(element)),
    );
    if (outer.length === 0) return;
    const dialog = outer.find((element) => element.getAttribute('role') === 'alertdialog');
    const parts = outer.flatMap((element) => liveText(element));
    if (!dialog && textOfParts(parts) === this.lastText) return;
    if (dialog) {
      this.saidDialogs.add(dialog);
      // A dialog takes the keypad: said at once, then the control it focused.
      const control = dialog.contains(document.activeElement)
        ? (document.activeElement as HTMLElement)
        : firstItem(dialog);
      if (control) this.focusQuietly(control);
      this.say([...parts, ...(control ? this.describeItem(control) : [])]);
      return;
    }
    this.say(parts, true);
  }

  /** Focus never lost: back where it was (a dialog closed), or to the screen's first choice. */
  private keepFocus(): void {
    const root = navigationRoot();
    if (!root) return;
    const active = document.activeElement;
    if (this.waitingForFirst) {
      const target = firstItem(root);
      if (target) {
        this.waitingForFirst = false;
        this.focusQuietly(target);
        this.say(this.describeItem(target), true);
      }
      return;
    }
    if (active && active !== document.body && root.contains(active)) return;
    const back =
      this.lastFocused?.isConnected && root.contains(this.lastFocused) ? this.lastFocused : null;
    const target = back ?? firstItem(root) ?? step(root, null, 1);
    if (!target || target === active) return;
    this.focusQuietly(target);
    const parts = this.describeItem(target);
    if (document.activeElement !== target) {
      // Disabled while it works ("Booking…"): said once, however often the page changes meanwhile.
      const text = parts.map((part) => part.text).join(' ');
      if (this.busy?.element === target && this.busy.text === text) return;
      this.busy = { element: target, text };
    }
    this.say(parts, true);
  }
}

function textOfParts(parts: readonly Spoken[]): string {
  return parts.map((part) => part.text).join(' ');
}
