/** The renderer tests' fake kiosk client keeps the core's rules (test/support/kiosk-client-contract.ts). */
import { kioskClientContract } from '../support/kiosk-client-contract';
import { FakeKioskClient, SETUP_CODE } from './support/fake-kiosk-client';

kioskClientContract('the renderer tests’ fake', ({ locked = [], apiKey }) =>
  Promise.resolve({
    client: new FakeKioskClient({ pin: null, upstream: 'remote', apiKey, settings: { locked } }),
    setupCode: SETUP_CODE,
    close: () => Promise.resolve(),
  }),
);
