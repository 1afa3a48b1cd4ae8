/**
 * What one screen's report adds to the kiosk day, decided per screen session (pure: `now` comes
 * in). A customer at the screen can call the public method at will, so a session adds at most
 * one start, each step once, one end (booked or abandoned), each kind once, each language and
 * mode once; and a screen opens at most one session per MIN_SESSION_GAP_MS.
 */
import {
  KIOSK_DAY_MODES,
  type KioskDayCounter,
  type KioskDayStep,
  type KioskFlowEvent,
} from '../../../shared/kiosk-day';

/** A screen starting sessions faster than a customer can is not counted again. */
export const MIN_SESSION_GAP_MS = 5_000;
/** Screens remembered at once (a hub's screens and windows are far fewer): the oldest goes. */
export const MAX_SCREENS = 256;

export interface Increment {
  counter: KioskDayCounter;
  /** A step, a language or a mode ('' for none): one of KIOSK_DAY_DETAILS. */
  detail: string;
}

export interface Counted {
  increments: Increment[];
  /** Whole seconds from start to booked, when this report booked the session. */
  bookedSeconds?: number;
}

interface Session {
  startedAt: number;
  /** The step the customer is on now (null: none reported yet). */
  current: KioskDayStep | null;
  /** Steps, kinds, languages and modes already counted. */
  seen: Set<string>;
  ended: boolean;
}

export interface FlowSessions {
  /** What to add for this report, or null when it adds nothing. */
  report(screen: string, event: KioskFlowEvent, now: number): Counted | null;
}

export function createFlowSessions(): FlowSessions {
  const sessions = new Map<string, Session>();

  const once = (session: Session, key: string, add: Increment, into: Increment[]): void => {
    if (session.seen.has(key)) return;
    session.seen.add(key);
    into.push(add);
  };
  const flags = (session: Session, event: KioskFlowEvent, into: Increment[]): void => {
    if (event.language)
      once(
        session,
        `language:${event.language}`,
        { counter: 'language', detail: event.language },
        into,
      );
    for (const mode of KIOSK_DAY_MODES)
      if (event[mode]) once(session, `mode:${mode}`, { counter: 'mode', detail: mode }, into);
  };
  const abandon = (session: Session, into: Increment[]): void => {
    session.ended = true;
    // Not abandoned: a session that never reached a step of the walk-in flow, or one that
    // ended on the waitlist or as an arrival (the customer got what they came for).
    if (
      session.current === null ||
      session.seen.has('waitlistJoined') ||
      session.seen.has('arrived')
    )
      return;
    into.push({ counter: 'abandoned', detail: session.current });
  };

  return {
    report(screen, event, now) {
      const increments: Increment[] = [];
      let session = sessions.get(screen);
      if (event.kind === 'started') {
        if (session && now - session.startedAt < MIN_SESSION_GAP_MS) return null;
        // The screen never said how its last session ended (a reload): it was abandoned.
        if (session && !session.ended) abandon(session, increments);
        session = { startedAt: now, current: null, seen: new Set(), ended: false };
        sessions.delete(screen); // the newest start last: the oldest screen is the first key
        sessions.set(screen, session);
        if (sessions.size > MAX_SCREENS) sessions.delete(sessions.keys().next().value ?? '');
        increments.push({ counter: 'started', detail: '' });
        flags(session, event, increments);
        return { increments };
      }
      if (!session || session.ended) return null;
      let bookedSeconds: number | undefined;
      switch (event.kind) {
        case 'step': {
          if (!event.step || event.step === session.current) break;
          session.current = event.step;
          once(
            session,
            `step:${event.step}`,
            { counter: 'reached', detail: event.step },
            increments,
          );
          if (event.step === 'booked') {
            session.ended = true;
            bookedSeconds = Math.max(0, Math.round((now - session.startedAt) / 1000));
          }
          break;
        }
        case 'abandoned':
          abandon(session, increments);
          break;
        case 'noTimeFound':
        case 'waitlistJoined':
        case 'arrived':
          once(session, event.kind, { counter: event.kind, detail: '' }, increments);
          break;
      }
      flags(session, event, increments);
      if (increments.length === 0) return null;
      return bookedSeconds === undefined ? { increments } : { increments, bookedSeconds };
    },
  };
}
