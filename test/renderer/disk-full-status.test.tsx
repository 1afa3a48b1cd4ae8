/** Issue 17, case 5: staff see "Disk full" in the status bar while the kiosk cannot store bookings. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(cleanup);

async function openStaffArea(client: FakeKioskClient): Promise<void> {
  renderApp(client);
  await settle();
  await tap('Staff');
  for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
  await tap(/unlock|continue/i);
}

describe('the status bar on a full disk', () => {
  it('says "Disk full" while the storage is full', async () => {
    const client = new FakeKioskClient();
    client.status = { ...client.status, storage: 'full' };
    await openStaffArea(client);
    expect(screen.getByTestId('status-disk-full').textContent).toMatch(
      /^Disk full: bookings cannot be stored/,
    );
  });

  it('says nothing of the disk when it is fine', async () => {
    const client = new FakeKioskClient();
    client.status = { ...client.status, storage: 'ok' };
    await openStaffArea(client);
    expect(screen.getByTestId('status-bar')).toBeTruthy();
    expect(screen.queryByTestId('status-disk-full')).toBeNull();
  });
});
