/**
 * Issue 28, the details screen's minors: the day with the time, an e-mail promise the kiosk keeps
 * (the embedded demo sends none, and says so before and after), a name of at least two visible
 * characters, and a name cut at the API's 200 characters says so at the field.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { fillDetails, renderApp, tap, type, walkToDetails } from './support/render-app';
import { visibleLength } from '../../renderer/lib/validation';

afterEach(cleanup);

const NAME_SHORT = 'Name: Please enter your name (at least 2 characters).';

describe('the details screen', () => {
  it('names the day with the time', async () => {
    renderApp();
    await walkToDetails();
    const subtitle = document.querySelector('[data-screen="details"] .subtitle');
    expect(subtitle?.textContent).toBe('Haircut · Tuesday, 24 November 2026 · 09:30');
    // The service's title is the shop's text, marked with its content language (issue 38 item 7).
    expect(subtitle?.querySelector('span[lang]')?.textContent).toBe('Haircut');
  });

  it.each([
    ['A', true],
    [' b  ', true],
    ['A\u200b\u200b', true], // invisible marks are not characters a person sees
    ['Al', false],
    ['李明', false],
    ['Ана', false],
  ])('a name of %j is too short: %s', async (name, short) => {
    renderApp();
    await walkToDetails();
    await type('Name', name);
    expect(screen.queryByText(NAME_SHORT) !== null).toBe(short);
  });

  it('does not book a one-letter name', async () => {
    const { client } = renderApp();
    await walkToDetails();
    await fillDetails();
    await type('Name', 'E');
    await tap(/continue/i);
    expect(screen.getByText(NAME_SHORT)).toBeTruthy();
    expect(document.querySelector('[data-screen="details"]')).not.toBeNull();
    expect(client.calls.some((call) => call.method === 'createBooking')).toBe(false);
  });

  it('says at the field that a name is kept to 200 characters', async () => {
    renderApp();
    await walkToDetails();
    expect(screen.queryByText(/up to 200 characters/)).toBeNull();
    await type('Name', `Maria ${'Anna '.repeat(60)}`);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    expect(name.value).toHaveLength(200);
    const hint = screen.getByText('A name can have up to 200 characters; the rest is left out.');
    expect(name.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('the demo promises no e-mail before and says none was sent after', async () => {
    const client = new FakeKioskClient();
    client.bookingMode = 'sent';
    renderApp(client);
    await walkToDetails();
    expect(screen.getByText(/This demo sends no e-mail/)).toBeTruthy();
    expect(screen.queryByText('We send your confirmation here.')).toBeNull();
  });

  it('a remote booking service keeps the promise to e-mail the confirmation', async () => {
    renderApp(new FakeKioskClient({ upstream: 'remote' }));
    await walkToDetails();
    expect(screen.getByText('We send your confirmation here.')).toBeTruthy();
  });
});

describe('visibleLength', () => {
  it('counts what a person sees', () => {
    expect(visibleLength('Eva Muster')).toBe(9);
    expect(visibleLength('e\u0301')).toBe(1); // e + combining accent: one letter
    expect(visibleLength('\u200f\u200e ')).toBe(0);
  });
});
