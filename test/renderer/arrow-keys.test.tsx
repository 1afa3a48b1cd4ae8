import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveFocusWithArrows, tabStop } from '../../renderer/lib/arrow-keys';

afterEach(cleanup);

interface Box {
  top: number;
  left: number;
  width?: number;
  height?: number;
}

/** Buttons named by their text; `boxes` lays them out (jsdom has no layout: all at 0,0). */
function renderGroup(
  names: readonly string[],
  options: { rtl?: boolean; disabled?: readonly string[]; boxes?: Record<string, Box> } = {},
): { button: (name: string) => HTMLButtonElement; container: HTMLElement } {
  const { container } = render(
    <div
      data-testid="group"
      style={options.rtl ? { direction: 'rtl' } : undefined}
      onKeyDown={moveFocusWithArrows}
    >
      {names.map((name) => (
        <button key={name} type="button" disabled={options.disabled?.includes(name)}>
          <span>{name}</span>
        </button>
      ))}
      <span data-testid="not-a-button">label</span>
      <input aria-label="field" />
      <textarea aria-label="notes" />
      <select aria-label="choice">
        <option>one</option>
      </select>
      <div contentEditable="true" suppressContentEditableWarning data-testid="editable">
        text
      </div>
    </div>,
  );
  const button = (name: string): HTMLButtonElement => {
    const found = [...container.querySelectorAll('button')].find(
      (element) => element.textContent === name,
    );
    if (!found) throw new Error(`no button ${name}`);
    return found;
  };
  for (const [name, box] of Object.entries(options.boxes ?? {})) {
    const width = box.width ?? 100;
    const height = box.height ?? 40;
    button(name).getBoundingClientRect = () => ({
      top: box.top,
      left: box.left,
      width,
      height,
      right: box.left + width,
      bottom: box.top + height,
      x: box.left,
      y: box.top,
      toJSON: () => ({}),
    });
  }
  return { button, container };
}

/** Presses `key` on `from` (focused first); true when the key's default was prevented. */
function press(from: Element, key: string, init: Partial<KeyboardEventInit> = {}): boolean {
  if (from instanceof HTMLElement) from.focus();
  return !fireEvent.keyDown(from, { key, ...init });
}

const focused = (): string | null | undefined => document.activeElement?.textContent;

describe('moveFocusWithArrows in a list (reading order)', () => {
  it('Right steps to the next button and Left to the previous, left to right', () => {
    const { button } = renderGroup(['A', 'B', 'C']);
    expect(press(button('A'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('B');
    expect(press(button('B'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('C'), 'ArrowLeft')).toBe(true);
    expect(focused()).toBe('B');
  });

  it('does not wrap at either end: the key is taken but the focus stays', () => {
    const { button } = renderGroup(['A', 'B', 'C']);
    expect(press(button('C'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('A'), 'ArrowLeft')).toBe(true);
    expect(focused()).toBe('A');
  });

  it('Home goes to the first button and End to the last', () => {
    const { button } = renderGroup(['A', 'B', 'C', 'D']);
    expect(press(button('B'), 'End')).toBe(true);
    expect(focused()).toBe('D');
    expect(press(button('C'), 'Home')).toBe(true);
    expect(focused()).toBe('A');
  });

  it('mirrors Left and Right right to left (Left is next, Right is previous)', () => {
    const { button, container } = renderGroup(['A', 'B', 'C'], { rtl: true });
    expect(getComputedStyle(container.firstElementChild as Element).direction).toBe('rtl');
    expect(press(button('A'), 'ArrowLeft')).toBe(true);
    expect(focused()).toBe('B');
    expect(press(button('B'), 'ArrowLeft')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('C'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('B');
    // Home and End keep their meaning (first and last in order).
    expect(press(button('B'), 'End')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('C'), 'Home')).toBe(true);
    expect(focused()).toBe('A');
    // No wrap right to left either.
    expect(press(button('A'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('A');
  });

  it('skips disabled buttons (in steps, and for Home and End)', () => {
    const { button } = renderGroup(['A', 'B', 'C', 'D', 'E'], { disabled: ['A', 'C', 'E'] });
    expect(press(button('B'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('D');
    expect(press(button('D'), 'ArrowLeft')).toBe(true);
    expect(focused()).toBe('B');
    expect(press(button('B'), 'End')).toBe(true);
    expect(focused()).toBe('D');
    expect(press(button('D'), 'Home')).toBe(true);
    expect(focused()).toBe('B');
  });

  it('without a layout (one row) Up and Down step through the order too, without wrapping', () => {
    const { button } = renderGroup(['A', 'B', 'C']);
    expect(press(button('A'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('B');
    expect(press(button('B'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('C'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('C'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('B');
    expect(press(button('A'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('A');
  });

  it('a day strip laid out on one row: Up and Down are previous and next', () => {
    const { button } = renderGroup(['A', 'B', 'C'], {
      boxes: { A: { top: 10, left: 0 }, B: { top: 10, left: 100 }, C: { top: 10, left: 200 } },
    });
    expect(press(button('B'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('B'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('A');
  });

  it('a key pressed on something inside a button moves from that button', () => {
    const { button } = renderGroup(['A', 'B']);
    const inner = button('A').querySelector('span') as HTMLElement;
    expect(press(inner, 'ArrowRight')).toBe(true);
    expect(focused()).toBe('B');
  });

  it('scrolls the newly focused button into view where the browser can', () => {
    const { button } = renderGroup(['A', 'B']);
    const scroll = vi.fn();
    button('B').scrollIntoView = scroll;
    press(button('A'), 'ArrowRight');
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
    // No step (the end): nothing is scrolled.
    scroll.mockClear();
    press(button('B'), 'ArrowRight');
    expect(scroll).not.toHaveBeenCalled();
  });
});

describe('moveFocusWithArrows leaves alone', () => {
  it.each([
    ['Alt', { altKey: true }],
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
  ])('an arrow with %s held', (_, modifier) => {
    const { button } = renderGroup(['A', 'B']);
    expect(press(button('A'), 'ArrowRight', modifier)).toBe(false);
    expect(press(button('A'), 'End', modifier)).toBe(false);
    expect(focused()).toBe('A');
  });

  it.each(['Enter', ' ', 'Tab', 'a', 'PageDown', 'Escape'])('the key %j', (key) => {
    const { button } = renderGroup(['A', 'B']);
    expect(press(button('A'), key)).toBe(false);
    expect(focused()).toBe('A');
  });

  it.each([
    ['an input', 'field'],
    ['a textarea', 'notes'],
    ['a select', 'choice'],
  ])('keys pressed in %s', (_, label) => {
    const { container } = renderGroup(['A', 'B']);
    const field = container.querySelector(`[aria-label="${label}"]`) as HTMLElement;
    expect(press(field, 'ArrowRight')).toBe(false);
    expect(press(field, 'Home')).toBe(false);
    expect(document.activeElement).toBe(field);
  });

  it('keys pressed in editable text', () => {
    const { container } = renderGroup(['A', 'B']);
    const editable = container.querySelector('[data-testid="editable"]') as HTMLElement;
    expect(press(editable, 'End')).toBe(false);
    expect(press(editable, 'ArrowLeft')).toBe(false);
  });

  it('keys pressed on something in the group that is not one of its buttons', () => {
    const { button, container } = renderGroup(['A', 'B']);
    button('A').focus();
    const label = container.querySelector('[data-testid="not-a-button"]') as HTMLElement;
    expect(press(label, 'ArrowRight')).toBe(false);
    expect(press(label, 'Home')).toBe(false);
    expect(focused()).toBe('A');
  });

  it('keys pressed on a disabled button (not one of the group)', () => {
    const { button } = renderGroup(['A', 'B', 'C'], { disabled: ['B'] });
    button('A').focus();
    expect(!fireEvent.keyDown(button('B'), { key: 'ArrowRight' })).toBe(false);
    expect(focused()).toBe('A');
  });
});

describe('moveFocusWithArrows in a grid (Up and Down by layout)', () => {
  // A 3-column grid: row 0 at top 0, row 1 at top 50, row 2 at top 100 (ragged: 2 in the last).
  //   A B C
  //   D E F
  //   G H
  const grid = {
    A: { top: 0, left: 0 },
    B: { top: 0, left: 100 },
    C: { top: 0, left: 200 },
    D: { top: 50, left: 0 },
    E: { top: 50, left: 100 },
    F: { top: 50, left: 200 },
    G: { top: 100, left: 0 },
    H: { top: 100, left: 100 },
  };
  const names = Object.keys(grid);

  it('Down goes to the button straight below, not the next in order', () => {
    const { button } = renderGroup(names, { boxes: grid });
    expect(press(button('B'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('E');
    expect(press(button('E'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('H');
    expect(press(button('A'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('D');
  });

  it('Up goes to the button straight above in the nearest row, not a row further up', () => {
    const { button } = renderGroup(names, { boxes: grid });
    expect(press(button('H'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('E');
    expect(press(button('E'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('B');
    expect(press(button('G'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('D');
  });

  it('from a column the next row lacks, Down goes to the nearest button of that row', () => {
    const { button } = renderGroup(names, { boxes: grid });
    expect(press(button('F'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('H');
  });

  it('Down skips a row further on even when a button there lines up better', () => {
    // Row below C holds only D (far left); the row after holds X right under C.
    const { button } = renderGroup(['A', 'C', 'D', 'X'], {
      boxes: {
        A: { top: 0, left: 0 },
        C: { top: 0, left: 200 },
        D: { top: 50, left: 0 },
        X: { top: 100, left: 200 },
      },
    });
    expect(press(button('C'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('D');
  });

  it('does not wrap: Down on the last row and Up on the first keep the focus', () => {
    const { button } = renderGroup(names, { boxes: grid });
    expect(press(button('G'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('G');
    expect(press(button('B'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('B');
  });

  it('a button a few pixels lower (less than half a row) is on the same row, not the next', () => {
    const { button } = renderGroup(['A', 'B', 'C'], {
      boxes: {
        A: { top: 0, left: 0 },
        B: { top: 10, left: 100 },
        C: { top: 50, left: 100 },
      },
    });
    expect(press(button('A'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('C');
  });

  it('within a row a pixel apart, the button nearer the column wins', () => {
    const { button } = renderGroup(['A', 'P', 'Q'], {
      boxes: {
        A: { top: 0, left: 200 },
        P: { top: 50, left: 0 },
        Q: { top: 51, left: 190 },
      },
    });
    expect(press(button('A'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('Q');
  });

  it('Left and Right still follow the reading order in a grid, and Home/End the ends', () => {
    const { button } = renderGroup(names, { boxes: grid });
    expect(press(button('C'), 'ArrowRight')).toBe(true);
    expect(focused()).toBe('D');
    expect(press(button('D'), 'ArrowLeft')).toBe(true);
    expect(focused()).toBe('C');
    expect(press(button('E'), 'End')).toBe(true);
    expect(focused()).toBe('H');
  });

  it('right to left, Up and Down are not mirrored', () => {
    const { button } = renderGroup(names, { boxes: grid, rtl: true });
    expect(press(button('B'), 'ArrowDown')).toBe(true);
    expect(focused()).toBe('E');
    expect(press(button('E'), 'ArrowUp')).toBe(true);
    expect(focused()).toBe('B');
  });
});

describe('tabStop', () => {
  it('puts only the stop in the Tab order', () => {
    expect(tabStop(true)).toEqual({ tabIndex: 0 });
    expect(tabStop(false)).toEqual({ tabIndex: -1 });
  });
});
