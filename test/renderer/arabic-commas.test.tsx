/**
 * Issue 38: two parts of one accessible name ("Monday, 23 November, Today"; "10:00, taken") were
 * joined with a Latin comma in Arabic too. They take the screen language's comma
 * (shared/languages.ts): "،" in Arabic.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

const labelOf = (selector: string): string =>
  document.querySelector(selector)?.getAttribute('aria-label') ?? '';

it('Arabic: the day screen’s "today" and the time screen’s taken times are joined with "،"', async () => {
  renderApp();
  await settle();
  await tap(/touch to start/i);
  await tap(/^Haircut/);
  // In English, the English comma.
  expect(labelOf('[data-date="2026-11-23"]')).toMatch(/2026, Today$/);
  fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
  await settle();
  expect(document.documentElement.dir).toBe('rtl');
  const today = labelOf('[data-date="2026-11-23"]');
  expect(today).toMatch(/، اليوم$/);
  expect(today).not.toContain(', ');

  fireEvent.click(document.querySelector<HTMLElement>('[data-date="2026-11-24"]')!);
  await settle();
  const taken = labelOf('[data-screen="time"] [data-time="10:00"]');
  expect(taken).toMatch(/^10:00، \S/);
  expect(taken).not.toContain(',');
});
