/**
 * The hub's pairing routes (electron/web/hub-routes.ts) as the renderer calls them. Every call
 * carries `x-frontdesk-screen: 1` (the CSRF header) and the browser sends the screen cookie by
 * itself (same origin; the page never sees the credential). Answers are parsed with zod, with
 * schemas imported apart (./hub-schemas.ts) while the request is on the way; the screen's state,
 * which the first render waits for, is checked by hand (readScreenState).
 */
import type { z } from 'zod';
import type * as HubSchemaModule from './hub-schemas';
import { importOnce } from '../../shared/import-once';

export const SCREEN_HEADER = 'x-frontdesk-screen';

/** What the hub says of this screen (checked by hand: readScreenState). */
export type ScreenState =
  | { state: 'paired'; name: string; role: 'kiosk' | 'counter' }
  | { state: 'unpaired' }
  | { state: 'removed' };
export type PairingCode = z.infer<HubSchemas['PairingCode']>;
export type ScreenList = z.infer<HubSchemas['ScreenList']>;

/** `unreachable`: no answer (the hub is off or the network is down); `refused`: an answer saying no. */
export type HubResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'unreachable' | 'refused' | 'locked' | 'not_hub' | 'session' };

export interface HubClient {
  screenState(): Promise<HubResult<ScreenState>>;
  pair(input: {
    code: string;
    name: string;
    role: 'kiosk' | 'counter';
  }): Promise<HubResult<{ name: string }>>;
  createCode(session: string): Promise<HubResult<PairingCode>>;
  listScreens(session: string): Promise<HubResult<ScreenList>>;
  removeScreen(session: string, id: string): Promise<HubResult<{ removed: boolean }>>;
}

type HubSchemas = typeof HubSchemaModule;
/** The answers' schemas, imported once. */
const loadSchemas = importOnce<HubSchemas>(() => import('./hub-schemas'));

/**
 * The gate's first answer, checked by hand rather than with zod: the screen's first render waits
 * for it, and zod is still loading then (it is needed by the kiosk calls that follow).
 */
export function readScreenState(value: unknown): ScreenState | null {
  if (typeof value !== 'object' || value === null || !('state' in value)) return null;
  switch (value.state) {
    case 'unpaired':
    case 'removed':
      return { state: value.state };
    case 'paired': {
      const name = 'name' in value ? value.name : undefined;
      const role = 'role' in value ? value.role : undefined;
      if (typeof name !== 'string' || (role !== 'kiosk' && role !== 'counter')) return null;
      return { state: 'paired', name, role };
    }
    default:
      return null;
  }
}

/** An answer's `result` read with one of ./hub-schemas.ts's schemas, once they are loaded. */
function withSchema<T>(
  pick: (loaded: HubSchemas) => z.ZodType<T>,
): (result: unknown) => Promise<HubResult<T>> {
  return async (result) => {
    const loaded = await loadSchemas().catch(() => null);
    if (!loaded) return { ok: false, reason: 'unreachable' };
    const value = pick(loaded).safeParse(result);
    return value.success ? { ok: true, value: value.data } : { ok: false, reason: 'refused' };
  };
}

export function createHubClient(fetchFn: typeof fetch, baseUrl: string): HubClient {
  async function call<T>(
    path: string,
    read: (result: unknown) => HubResult<T> | Promise<HubResult<T>>,
    body?: unknown,
  ): Promise<HubResult<T>> {
    // The schemas are fetched while the request is on the way.
    loadSchemas().catch(() => undefined);
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}/api/hub/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          [SCREEN_HEADER]: '1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: AbortSignal.timeout(10_000),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      return { ok: false, reason: 'unreachable' };
    }
    if (response.status === 404) return { ok: false, reason: 'not_hub' };
    if (response.status === 429) return { ok: false, reason: 'locked' };
    if (response.status === 401 && path !== 'pair') return { ok: false, reason: 'session' };
    if (response.status >= 500) return { ok: false, reason: 'unreachable' };
    const json: unknown = await response.json().catch(() => null);
    // The envelope `{ ok, result }`: only `ok: true` carries an answer to read.
    if (typeof json !== 'object' || json === null || !('ok' in json) || json.ok !== true) {
      return { ok: false, reason: 'refused' };
    }
    return read('result' in json ? json.result : undefined);
  }
  return {
    screenState: () =>
      call('screen', (result) => {
        const state = readScreenState(result);
        return state ? { ok: true, value: state } : { ok: false, reason: 'refused' };
      }),
    pair: (input) =>
      call(
        'pair',
        withSchema((loaded) => loaded.Paired),
        input,
      ),
    createCode: (session) =>
      call(
        'codes',
        withSchema((loaded) => loaded.PairingCode),
        { session },
      ),
    listScreens: (session) =>
      call(
        'screens',
        withSchema((loaded) => loaded.ScreenList),
        { session },
      ),
    removeScreen: (session, id) =>
      call(
        'screens/remove',
        withSchema((loaded) => loaded.Removed),
        { session, id },
      ),
  };
}
