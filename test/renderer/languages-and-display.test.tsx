import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail } from '../../shared/result';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap, walkToDetails } from './support/render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('dir');
});

/** Presses a key of the on-screen keyboard as a touch screen does (pointer events). */
function key(name: string): void {
  const button = document.querySelector(`[data-skbtn="${name}"]`);
  if (!button) throw new Error(`no key ${name}`);
  fireEvent.pointerDown(button);
  fireEvent.pointerUp(button);
}

const keys = (): string[] =>
  [...document.querySelectorAll('[data-skbtn]')].map(
    (element) => element.getAttribute('data-skbtn') ?? '',
  );

describe('languages', () => {
  it('Arabic turns the document right to left, in Arabic, with Latin digits in prices', async () => {
    renderApp();
    await settle();
    fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
    await settle();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('heading', { name: 'احجز موعدك' })).toBeTruthy();
    await tap('المس للبدء');
    const prices = [...document.querySelectorAll('.price')].map(
      (element) => element.textContent ?? '',
    );
    expect(prices.join()).toMatch(/32\.00/);
    expect(prices.join()).not.toMatch(/[\u0660-\u0669]/);
    fireEvent.click(screen.getAllByRole('button', { name: 'English' })[0]!);
    await settle();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('with no language chosen by staff or IT, the browser’s language is taken, else German', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pl-PL', 'en']);
    renderApp(new FakeKioskClient({ settings: { language: null } }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Zarezerwuj wizytę' })).toBeTruthy();
    cleanup();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    renderApp(new FakeKioskClient({ settings: { language: null } }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Termin buchen' })).toBeTruthy();
  });

  it('the keyboard follows the language and switches between its own letters and Latin', async () => {
    renderApp(new FakeKioskClient({ settings: { language: 'uk' } }));
    await settle();
    expect(screen.getByRole('button', { name: /Торкніться, щоб почати/ })).toBeTruthy();
    await walkToDetailsIn();
    expect(keys()).toEqual(expect.arrayContaining(['й', 'ц', 'ї', 'ґ', '{script}']));
    for (const k of ['О', 'л', 'я']) {
      if (k === 'О') key('{shift}');
      await settle();
      key(k);
    }
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>('Ім’я та прізвище').value).toBe('Оля');
    key('{script}');
    await settle();
    expect(keys()).toEqual(expect.arrayContaining(['q', 'w', 'y', '{accents}']));
    key('{accents}');
    await settle();
    expect(keys()).toEqual(expect.arrayContaining(['ç', 'ł', 'ş', 'ñ']));
  });
});

/** walkToDetails in any language: start, the first service, 24 November, 09:30. */
async function walkToDetailsIn(): Promise<void> {
  await settle();
  fireEvent.click(document.querySelector('.btn-hero')!);
  await settle();
  fireEvent.click(document.querySelector('.service-main')!);
  await settle();
  fireEvent.click(document.querySelector('[data-date="2026-11-24"]')!);
  await settle();
  fireEvent.click(document.querySelector('[data-time="09:30"]')!);
  await settle();
}

describe('keyboard layouts', () => {
  it.each([
    ['en', ['q', 'w', 'e', 'r', 't', 'y'], ['ü']],
    ['de', ['q', 'w', 'e', 'r', 't', 'z', 'ü', 'ö', 'ä', 'ß'], []],
    ['tr', ['ı', 'i', 'ğ', 'ü', 'ş', 'ö', 'ç'], []],
    ['pl', ['ą', 'ć', 'ę', 'ł', 'ń', 'ó', 'ś', 'ź', 'ż'], []],
    ['ar', ['ض', 'ص', 'ث', 'أ', 'لا', '{script}'], ['q']],
  ] as const)('%s text keyboard has its letters', async (language, present, absent) => {
    renderApp(new FakeKioskClient({ settings: { language } }));
    await walkToDetailsIn();
    const found = keys();
    expect(found).toEqual(expect.arrayContaining([...present]));
    for (const letter of absent) expect(found).not.toContain(letter);
  });

  it('Turkish capitals: shift turns ı into I and i into İ', async () => {
    renderApp(new FakeKioskClient({ settings: { language: 'tr' } }));
    await walkToDetailsIn();
    key('{shift}');
    await settle();
    expect(keys()).toEqual(expect.arrayContaining(['I', 'İ', 'Ğ', 'Ş']));
  });

  it('the e-mail keyboard has large @ . - _ + and domain keys; the phone one a +', async () => {
    renderApp();
    await walkToDetails();
    key('{enter}'); // to the e-mail field
    await settle();
    for (const name of ['@', '.', '-', '_', '+'])
      expect(
        document.querySelector(`[data-skbtn="${name}"]`)?.classList.contains('key-large'),
      ).toBe(true);
    expect(keys()).toEqual(expect.arrayContaining(['.com', '.de', 'gmail.com']));
    for (const k of ['a', '@', 'gmail.com']) key(k);
    await settle();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('a@gmail.com');
    key('{enter}'); // to the phone field
    await settle();
    expect(document.querySelector('.keyboard-phone [data-skbtn="+"]')).not.toBeNull();
  });
});

describe('display and messages', () => {
  it('larger text and high contrast are two toggles', async () => {
    renderApp();
    await settle();
    const root = document.documentElement.classList;
    await tap('Larger text');
    expect([root.contains('large-text'), root.contains('high-contrast')]).toEqual([true, false]);
    expect(screen.getByRole('button', { name: 'Larger text' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await tap('High contrast');
    expect([root.contains('large-text'), root.contains('high-contrast')]).toEqual([true, true]);
    await tap('Larger text');
    expect([root.contains('large-text'), root.contains('high-contrast')]).toEqual([false, true]);
  });

  it('settings are checked in our words, field by field, in the screen language; nothing invalid is sent', async () => {
    const client = new FakeKioskClient({ settings: { language: 'de' } });
    renderApp(client);
    await settle();
    await tap('Personal');
    for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
    await tap('Entsperren');
    fireEvent.click(screen.getByRole('tab', { name: 'Einstellungen' }));
    await settle();
    expect(document.querySelector<HTMLFormElement>('.settings-form')?.noValidate).toBe(true);
    fireEvent.change(screen.getByLabelText('Adresse der Buchungs-API'), {
      target: { value: 'http://api.example.com' },
    });
    fireEvent.change(screen.getByLabelText('Zeit bis zum Zurücksetzen (Sekunden)'), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByLabelText('Neue Personal-PIN (optional)'), {
      target: { value: '12' },
    });
    await tap('Speichern');
    expect(screen.getByText('Bitte prüfen Sie die markierten Felder.')).toBeTruthy();
    expect(
      screen.getByText('Bitte eine Adresse mit https:// eingeben, z. B. https://api.example.com.'),
    ).toBeTruthy();
    expect(screen.getByText('Bitte eine ganze Zahl von 15 bis 600 eingeben.')).toBeTruthy();
    expect(screen.getByText('Eine PIN hat 4 bis 12 Ziffern.')).toBeTruthy();
    expect(screen.getByText('Zum Ändern bitte die aktuelle PIN eingeben.')).toBeTruthy();
    const idle = screen.getByLabelText('Zeit bis zum Zurücksetzen (Sekunden)');
    expect(idle.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(idle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Bitte eine ganze Zahl von 15 bis 600 eingeben.',
    );
    expect(client.calls.some((call) => call.method === 'updateSettings')).toBe(false);
    // The language can go back to "automatic" (null: the browser's language).
    fireEvent.change(screen.getByLabelText('Adresse der Buchungs-API'), { target: { value: '' } });
    fireEvent.change(idle, { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('Neue Personal-PIN (optional)'), {
      target: { value: '' },
    });
    fireEvent.change(screen.getByLabelText('Standardsprache'), { target: { value: '' } });
    await tap('Speichern');
    expect(screen.getByText('Gespeichert.')).toBeTruthy();
    expect(
      client.calls.filter((call) => call.method === 'updateSettings').at(-1)?.input,
    ).toMatchObject({ idleTimeoutSec: 90, language: null });
  });

  it('a screen token the shell refuses (401) says so for staff, not "cannot be reached"', async () => {
    const client = new FakeKioskClient();
    client.getPublicSettings = () =>
      Promise.resolve(fail('unauthorized', 'missing or wrong kiosk token'));
    renderApp(client);
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^This screen was refused by the kiosk: its access key is wrong or out of date\./,
    );
  });
});
