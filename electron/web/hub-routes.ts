/**
 * The hub's own routes, beside the kiosk API (web-shell.ts), for pairing the shop's screens:
 * - GET  /api/hub/screen          this browser's state: paired (name, role), unpaired or removed;
 * - POST /api/hub/pair            { code, name, role } -> the screen credential as a cookie;
 * - POST /api/hub/codes           { session } staff: a one-time code, the hub's URL and fingerprint;
 * - POST /api/hub/screens         { session } staff: the paired screens;
 * - POST /api/hub/screens/remove  { session, id } staff: ends that screen's access.
 * The credential travels only in the `__Host-frontdesk-screen` cookie (HttpOnly, Secure,
 * SameSite=Strict, never in a URL); every call made with it must also carry the header
 * `x-frontdesk-screen: 1`, which a cross-site page cannot send without a preflight we never
 * answer (with the Origin check, the CSRF defence).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { KioskApi } from '../../shared/kiosk-api';
import {
  type Pairing,
  type ScreenCheck,
  KIOSK_SCREEN_REFUSED,
  screenMayManageScreens,
} from '../core/hub';

export const SCREEN_COOKIE = '__Host-frontdesk-screen';
export const SCREEN_HEADER = 'x-frontdesk-screen';
/** Set on a refused call of a removed screen, so that it says so instead of an error. */
export const SCREEN_REMOVED_MESSAGE = 'This screen was removed from the shop';
const TEN_YEARS_S = 10 * 365 * 86_400;

export interface HubAccess {
  pairing: Pairing;
  /**
   * True when `session` is a live staff session. Not renewed: the Screens tab polls the list,
   * which must not keep a staff session open past the idle time (the staff's own taps do).
   */
  isStaffSession(session: string): boolean;
  /** The kiosk API for one paired screen: its own PIN lockout (screen ids are the hub's). */
  apiFor(screenId: string): KioskApi;
  /** The certificate's SHA-256 fingerprint, shown to staff. */
  fingerprint: string;
  /** The URL a new screen opens (QR code), e.g. https://frontdesk.shop.lan:8443/ */
  screenUrl(): string;
}

const Session = z.object({ session: z.string().min(1).max(200) });
const PairInput = z.object({
  code: z.string().regex(/^\d{6}$/),
  name: z.string().trim().min(1).max(60),
  role: z.enum(['kiosk', 'counter']),
});
const RemoveInput = Session.extend({ id: z.string().uuid() });

/** The screen credential from the Cookie header, if any. */
export function screenToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SCREEN_COOKIE) {
      const token = value.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
    }
  }
  return null;
}

/** The screen a request comes from (cookie + custom header), or why not. */
export function checkScreen(
  access: HubAccess,
  request: FastifyRequest,
): ScreenCheck | { state: 'none' } {
  const token = screenToken(request.headers.cookie);
  if (token === null || request.headers[SCREEN_HEADER] !== '1') return { state: 'none' };
  return access.pairing.check(token, request.ip);
}

export function registerHubRoutes(app: FastifyInstance, access: HubAccess): void {
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ ok: false, error: { code: 'unauthorized', message } });
  const done = (reply: FastifyReply, result: unknown) =>
    reply.header('cache-control', 'no-store').send({ ok: true, result });
  const invalid = (reply: FastifyReply) =>
    reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ ok: false, error: { code: 'invalid_input', message: 'invalid input' } });

  /**
   * Staff calls: the custom header (CSRF), a live staff session, and no kiosk-role screen's
   * credential (a customer's tablet manages no screens, whatever session it presents).
   */
  const staff = <T extends z.ZodType>(request: FastifyRequest, reply: FastifyReply, schema: T) => {
    const parsed = schema.safeParse(request.body);
    if (request.headers[SCREEN_HEADER] !== '1')
      return { reply: fail(reply, 403, 'missing the x-frontdesk-screen header') };
    const screen = checkScreen(access, request);
    if (screen.state === 'paired' && !screenMayManageScreens(screen.screen.role))
      return { reply: fail(reply, 403, KIOSK_SCREEN_REFUSED) };
    if (!parsed.success) return { reply: invalid(reply) };
    const session = (parsed.data as { session: string }).session;
    if (!access.isStaffSession(session))
      return { reply: fail(reply, 401, 'staff session missing or expired: enter the staff PIN') };
    return { input: parsed.data };
  };

  app.get('/api/hub/screen', (request, reply) => {
    const check = checkScreen(access, request);
    switch (check.state) {
      case 'paired':
        return done(reply, { state: 'paired', name: check.screen.name, role: check.screen.role });
      case 'removed':
        return done(reply, { state: 'removed', message: SCREEN_REMOVED_MESSAGE });
      case 'unknown':
      case 'none':
        return done(reply, { state: 'unpaired' });
    }
  });

  app.post('/api/hub/pair', (request, reply) => {
    if (request.headers[SCREEN_HEADER] !== '1')
      return fail(reply, 403, 'missing the x-frontdesk-screen header');
    const parsed = PairInput.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    const paired = access.pairing.pair({ ...parsed.data, address: request.ip });
    if (!paired.ok) {
      return paired.reason === 'locked'
        ? fail(reply, 429, 'too many wrong codes: ask staff for a new code')
        : fail(reply, 401, 'wrong or expired code');
    }
    void reply.header(
      'set-cookie',
      `${SCREEN_COOKIE}=${paired.token}; Path=/; Max-Age=${TEN_YEARS_S}; HttpOnly; Secure; SameSite=Strict`,
    );
    return done(reply, { name: paired.screen.name, role: paired.screen.role });
  });

  app.post('/api/hub/codes', (request, reply) => {
    const checked = staff(request, reply, Session);
    if (!checked.input) return checked.reply;
    const code = access.pairing.createCode();
    return done(reply, { ...code, url: access.screenUrl(), fingerprint: access.fingerprint });
  });

  app.post('/api/hub/screens', (request, reply) => {
    const checked = staff(request, reply, Session);
    if (!checked.input) return checked.reply;
    return done(reply, {
      fingerprint: access.fingerprint,
      screens: access.pairing.list().map(({ id, name, role, address, lastSeenAt }) => ({
        id,
        name,
        role,
        address,
        lastSeenAt,
      })),
    });
  });

  app.post('/api/hub/screens/remove', (request, reply) => {
    const checked = staff(request, reply, RemoveInput);
    if (!checked.input) return checked.reply;
    return done(reply, { removed: access.pairing.remove(checked.input.id) });
  });
}
