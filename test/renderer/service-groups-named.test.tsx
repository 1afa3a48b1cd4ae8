/**
 * Issue 38 item 7: a service category is the shop's text. Its group on the service screen is
 * named by its heading (marked with the shop's content language), not by an aria-label, which
 * a screen reader would say in the screen's language.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

it('each service group is named by its heading, in the content language', async () => {
  renderApp(new FakeKioskClient({ settings: { contentLanguage: 'de' } }));
  await settle();
  await tap(/touch to start/i);
  const nails = screen.getByRole('region', { name: 'Nails' });
  expect(nails.hasAttribute('aria-label')).toBe(false);
  const heading = document.getElementById(nails.getAttribute('aria-labelledby') ?? '');
  expect(heading?.textContent).toBe('Nails');
  expect(heading?.getAttribute('lang')).toBe('de');
  expect(document.querySelectorAll('.service-group[aria-label]')).toHaveLength(0);
});
