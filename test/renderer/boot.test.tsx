import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../shared/result';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

describe('start-up', () => {
  it('says plainly when the kiosk cannot be reached and recovers on "Try again"', async () => {
    const client = new FakeKioskClient();
    const working = client.getCatalog;
    client.getCatalog = () => Promise.resolve(fail('unavailable', 'down'));
    renderApp(client);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'The booking service cannot be reached right now. Please ask at the desk.',
    );
    client.getCatalog = working;
    await tap('Try again');
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
  });

  it('a failed refresh between customers keeps the kiosk usable', async () => {
    const client = new FakeKioskClient();
    renderApp(client);
    await settle();
    await tap(/touch to start/i);
    client.getCatalog = () => Promise.resolve(fail('unavailable', 'down'));
    await tap('Back'); // session ends: the app reloads settings and catalog
    expect(document.querySelector('[data-screen="start"]')).not.toBeNull();
    await tap(/touch to start/i);
    expect(screen.getByText('Haircut')).toBeTruthy();
  });
});
