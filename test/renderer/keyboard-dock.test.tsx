/**
 * The on-screen keyboard dock for staff's fields on a touch kiosk (KeyboardDock): when it opens
 * (a tap, or any focus with `openOnFocus`; never a mouse click), which layout a field gets, how
 * its keys reach a React-controlled field, and where Enter goes (the next field, else submit).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyboardDock } from '../../renderer/components/KeyboardDock';
import { settle, testI18n } from './support/render-app';

const i18n = testI18n();
let scrolled: HTMLElement[] = [];

beforeEach(() => {
  scrolled = [];
  // jsdom has no scrollIntoView: record which field the dock brought into view.
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
});

afterEach(() => {
  cleanup();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

async function renderDock(
  children: ReactNode,
  props: { enabled?: boolean; openOnFocus?: boolean } = {},
) {
  const result = render(
    <I18nextProvider i18n={i18n}>
      <KeyboardDock enabled={props.enabled ?? true} openOnFocus={props.openOnFocus}>
        {children}
      </KeyboardDock>
    </I18nextProvider>,
  );
  await settle();
  return result;
}

const dock = (): HTMLElement | null => screen.queryByTestId('keyboard-dock');
const keyboard = (): HTMLElement => screen.getByTestId('on-screen-keyboard');

async function touch(element: Element, pointerType = 'touch'): Promise<void> {
  fireEvent.pointerDown(element, { pointerType });
  await settle();
}

async function focus(element: HTMLElement): Promise<void> {
  act(() => element.focus());
  await settle();
}

/** Presses a key of the on-screen keyboard as a finger does (simple-keyboard acts on pointerdown). */
async function press(key: string): Promise<void> {
  const button = keyboard().querySelector(`[data-skbtn="${key}"]`);
  if (!button) throw new Error(`no key ${key}`);
  fireEvent.pointerDown(button, { pointerType: 'touch' });
  fireEvent.pointerUp(button, { pointerType: 'touch' });
  await settle();
}

/** A field React controls, upper-casing what is typed (as the setup code does). */
function Upper({ label, maxLength }: { label: string; maxLength?: number }) {
  const [value, setValue] = useState('');
  return (
    <label>
      {label}
      <input
        type="text"
        value={value}
        maxLength={maxLength}
        onChange={(event) => setValue(event.target.value.toUpperCase())}
      />
    </label>
  );
}

describe('when the keyboard opens', () => {
  it('opens on a tap on a text field, below the fields, and scrolls the field into view', async () => {
    await renderDock(<input aria-label="Name" />);
    expect(dock()).toBeNull();
    expect(document.querySelector('.keyboard-dock-open')).toBeNull();
    const field = screen.getByLabelText('Name');
    await touch(field);
    expect(dock()).not.toBeNull();
    expect(keyboard().getAttribute('data-layer')).toBe('own');
    expect(document.querySelector('.keyboard-dock-host.keyboard-dock-open')).not.toBeNull();
    expect(scrolled).toEqual([field]);
  });

  it('a pen opens it too, a mouse click never does', async () => {
    await renderDock(<input aria-label="Name" />);
    await touch(screen.getByLabelText('Name'), 'mouse');
    expect(dock()).toBeNull();
    await touch(screen.getByLabelText('Name'), 'pen');
    expect(dock()).not.toBeNull();
  });

  it('focus alone (a physical keyboard, a mouse) leaves it closed without openOnFocus', async () => {
    await renderDock(<input aria-label="Name" />);
    await focus(screen.getByLabelText('Name'));
    expect(dock()).toBeNull();
  });

  it('with openOnFocus it opens on focus, without scrolling', async () => {
    await renderDock(<input aria-label="Code" data-keyboard="code" />, { openOnFocus: true });
    await focus(screen.getByLabelText('Code'));
    expect(dock()).not.toBeNull();
    expect(keyboard().getAttribute('data-layer')).toBe('code');
    expect(scrolled).toEqual([]);
  });

  it('stays closed when disabled (a counter kiosk), on a tap and on focus', async () => {
    await renderDock(<input aria-label="Name" />, { enabled: false, openOnFocus: true });
    await touch(screen.getByLabelText('Name'));
    expect(dock()).toBeNull();
    await focus(screen.getByLabelText('Name'));
    expect(dock()).toBeNull();
  });

  it('closes when the kiosk stops being a touch kiosk', async () => {
    const { rerender } = await renderDock(<input aria-label="Name" />);
    await touch(screen.getByLabelText('Name'));
    expect(dock()).not.toBeNull();
    rerender(
      <I18nextProvider i18n={i18n}>
        <KeyboardDock enabled={false}>
          <input aria-label="Name" />
        </KeyboardDock>
      </I18nextProvider>,
    );
    expect(dock()).toBeNull();
  });

  it('has no keyboard for fields that take no typing: checkbox, read-only, disabled, buttons', async () => {
    await renderDock(
      <>
        <input aria-label="Agree" type="checkbox" />
        <input aria-label="Fixed" readOnly />
        <input aria-label="Off" disabled />
        <textarea aria-label="Old notes" readOnly />
        <button type="button">Save</button>
      </>,
      { openOnFocus: true },
    );
    for (const label of ['Agree', 'Fixed', 'Off', 'Old notes']) {
      await touch(screen.getByLabelText(label));
      expect(dock(), label).toBeNull();
    }
    await touch(screen.getByRole('button', { name: 'Save' }));
    await focus(screen.getByRole('button', { name: 'Save' }));
    expect(dock()).toBeNull();
  });

  it('Hide closes it; a later tap opens it again', async () => {
    await renderDock(<input aria-label="Name" />);
    await touch(screen.getByLabelText('Name'));
    fireEvent.click(screen.getByRole('button', { name: /hide/ }));
    await settle();
    expect(dock()).toBeNull();
    // Closed, a focus alone does not bring it back.
    await focus(screen.getByLabelText('Name'));
    expect(dock()).toBeNull();
    await touch(screen.getByLabelText('Name'));
    expect(dock()).not.toBeNull();
  });

  it('closes once its field has left the screen', async () => {
    const { rerender } = await renderDock(
      <>
        <input aria-label="Search" />
        <p>Results</p>
      </>,
    );
    await touch(screen.getByLabelText('Search'));
    expect(dock()).not.toBeNull();
    const without = () => (
      <I18nextProvider i18n={i18n}>
        <KeyboardDock enabled>
          <p>Results</p>
        </KeyboardDock>
      </I18nextProvider>
    );
    rerender(without());
    // The field is removed in the commit of that render; the dock's next render drops it.
    rerender(without());
    expect(dock()).toBeNull();
    expect(document.querySelector('.keyboard-dock-open')).toBeNull();
  });
});

describe('the layout for each field', () => {
  const cases: [string, ReactNode, string][] = [
    ['text', <input key="f" aria-label="F" type="text" />, 'own'],
    ['search', <input key="f" aria-label="F" type="search" />, 'own'],
    ['a textarea', <textarea key="f" aria-label="F" />, 'own'],
    ['email', <input key="f" aria-label="F" type="email" />, 'email'],
    ['tel', <input key="f" aria-label="F" type="tel" />, 'phone'],
    ['number', <input key="f" aria-label="F" type="number" />, 'phone'],
    ['url', <input key="f" aria-label="F" type="url" />, 'code'],
    ['password', <input key="f" aria-label="F" type="password" />, 'code'],
    ['data-keyboard="code"', <input key="f" aria-label="F" data-keyboard="code" />, 'code'],
    [
      'a numeric PIN',
      <input key="f" aria-label="F" type="password" inputMode="numeric" />,
      'phone',
    ],
    ['inputmode tel', <input key="f" aria-label="F" inputMode="tel" />, 'phone'],
    ['a numeric textarea', <textarea key="f" aria-label="F" inputMode="numeric" />, 'phone'],
  ];
  for (const [name, field, layer] of cases) {
    it(`${name} gets the ${layer} keys`, async () => {
      await renderDock(field);
      await touch(screen.getByLabelText('F'));
      expect(keyboard().getAttribute('data-layer')).toBe(layer);
    });
  }

  it('once open, it follows the focus to the next field and its layout', async () => {
    await renderDock(
      <>
        <input aria-label="Name" />
        <input aria-label="Phone" type="tel" />
      </>,
    );
    await touch(screen.getByLabelText('Name'));
    expect(keyboard().getAttribute('data-layer')).toBe('own');
    await focus(screen.getByLabelText('Phone'));
    expect(keyboard().getAttribute('data-layer')).toBe('phone');
  });
});

describe('typing', () => {
  it('keys type into the controlled field through its onChange, backspace deletes, and the field gets the focus', async () => {
    await renderDock(<Upper label="Code" />);
    const field = screen.getByLabelText<HTMLInputElement>('Code');
    await touch(field);
    expect(document.activeElement).not.toBe(field);
    await press('a');
    expect(document.activeElement).toBe(field);
    await press('b');
    await press('{space}');
    expect(field.value).toBe('AB ');
    await press('{bksp}');
    await press('{bksp}');
    expect(field.value).toBe('A');
  });

  it('types into a textarea', async () => {
    function Notes() {
      const [value, setValue] = useState('');
      return (
        <textarea aria-label="Notes" value={value} onChange={(e) => setValue(e.target.value)} />
      );
    }
    await renderDock(<Notes />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Notes');
    await touch(field);
    await press('h');
    await press('i');
    expect(field.value).toBe('hi');
  });

  it('stops at the field’s maxLength', async () => {
    await renderDock(<Upper label="Code" maxLength={2} />);
    const field = screen.getByLabelText<HTMLInputElement>('Code');
    await touch(field);
    await press('x');
    await press('y');
    await press('z');
    expect(field.value).toBe('XY');
  });
});

describe('Enter', () => {
  it('moves to the next text field of the form (skipping others), then submits on the last', async () => {
    const submitted = vi.fn();
    await renderDock(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted();
        }}
      >
        <Upper label="First" />
        <input aria-label="Agree" type="checkbox" />
        <input aria-label="Phone" type="tel" />
        <button type="submit">Send</button>
      </form>,
    );
    const first = screen.getByLabelText('First');
    const phone = screen.getByLabelText('Phone');
    await touch(first);
    scrolled = [];
    await press('{enter}');
    expect(document.activeElement).toBe(phone);
    expect(keyboard().getAttribute('data-layer')).toBe('phone');
    expect(scrolled).toEqual([phone]);
    expect(submitted).not.toHaveBeenCalled();
    await press('{enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(dock()).toBeNull();
  });

  it('on a field outside any form it just closes the keyboard', async () => {
    await renderDock(<input aria-label="Search" />);
    await touch(screen.getByLabelText('Search'));
    await press('{enter}');
    expect(dock()).toBeNull();
  });
});
