/* eslint-disable @typescript-eslint/require-await -- an in-memory double answers at once but keeps the async interface */
/**
 * A test double of the hub's pairing routes that implements the real `HubClient` interface in
 * memory: this screen's state, one valid pairing code, the paired screens, and switches for an
 * unreachable hub, a page not served by a hub and a hub that locked pairing.
 */
import type {
  HubClient,
  HubResult,
  PairingCode,
  ScreenList,
  ScreenState,
} from '../../../renderer/kiosk/hub-client';

export const PAIRING_CODE = '482913';
export const FINGERPRINT = 'AB:CD:EF:01:23:45';

export class FakeHubClient implements HubClient {
  /** Off: every call answers `unreachable` (the hub is off or the network down). */
  reachable = true;
  /** Off: the page is not served by a hub (404 on every route). */
  isHub = true;
  /** On: the hub refuses pairing after too many wrong codes (429). */
  locked = false;
  state: ScreenState = { state: 'unpaired' };
  screens: ScreenList['screens'] = [];
  /** When a new pairing code expires (ms since the epoch). */
  codeExpiresAt = 0;
  readonly calls: { method: string; input: unknown }[] = [];

  /** The staff sessions the hub accepts; default any. */
  constructor(private readonly sessionValid: (session: string) => boolean = () => true) {}

  private refusal(session?: string): HubResult<never> | null {
    if (!this.reachable) return { ok: false, reason: 'unreachable' };
    if (!this.isHub) return { ok: false, reason: 'not_hub' };
    if (session !== undefined && !this.sessionValid(session))
      return { ok: false, reason: 'session' };
    return null;
  }

  screenState: HubClient['screenState'] = async () => {
    this.calls.push({ method: 'screenState', input: null });
    return this.refusal() ?? { ok: true, value: this.state };
  };

  pair: HubClient['pair'] = async (input) => {
    this.calls.push({ method: 'pair', input });
    const refused = this.refusal();
    if (refused) return refused;
    if (this.locked) return { ok: false, reason: 'locked' };
    if (input.code !== PAIRING_CODE) return { ok: false, reason: 'refused' };
    this.state = { state: 'paired', name: input.name, role: input.role };
    return { ok: true, value: { name: input.name } };
  };

  createCode: HubClient['createCode'] = async (session) => {
    this.calls.push({ method: 'createCode', input: { session } });
    const code: PairingCode = {
      code: PAIRING_CODE,
      expiresAt: this.codeExpiresAt,
      url: 'https://frontdesk.shop.lan:8443/',
      fingerprint: FINGERPRINT,
    };
    return this.refusal(session) ?? { ok: true, value: code };
  };

  listScreens: HubClient['listScreens'] = async (session) => {
    this.calls.push({ method: 'listScreens', input: { session } });
    return (
      this.refusal(session) ?? {
        ok: true,
        value: { fingerprint: FINGERPRINT, screens: [...this.screens] },
      }
    );
  };

  removeScreen: HubClient['removeScreen'] = async (session, id) => {
    this.calls.push({ method: 'removeScreen', input: { session, id } });
    const refused = this.refusal(session);
    if (refused) return refused;
    const before = this.screens.length;
    this.screens = this.screens.filter((screen) => screen.id !== id);
    return { ok: true, value: { removed: this.screens.length < before } };
  };
}
