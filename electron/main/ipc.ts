import type { IpcMainInvokeEvent } from 'electron';
import {
  EventSessionInput,
  IPC_EVENT_CHANNEL,
  IPC_EVENT_SESSION_CHANNEL,
  ipcChannel,
  kioskMethods,
  type KioskApi,
  type KioskEvent,
} from '../../shared/kiosk-api';
import { dispatchKioskCall } from '../../shared/kiosk-dispatch';
import { fail, type Result } from '../../shared/result';
import type { Logger } from '../core/platform';

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}

export interface KioskIpcOptions {
  ipcMain: IpcMainLike;
  api: KioskApi;
  /** True only for our own page in its main frame. */
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  log: Logger;
}

/**
 * One handler per contract method. Each checks who is asking, then lets the dispatcher parse the
 * input with the method's schema; the renderer gets a Result, never a thrown error.
 */
export function registerKioskIpc({
  ipcMain,
  api,
  isTrustedSender,
  log,
}: KioskIpcOptions): () => void {
  for (const method of kioskMethods) {
    ipcMain.handle(ipcChannel(method), async (event, input): Promise<Result<unknown>> => {
      if (!isTrustedSender(event)) {
        log.warn('ipc call from an untrusted frame refused', { method });
        return fail('unauthorized', 'This page may not use the kiosk.');
      }
      return dispatchKioskCall(api, method, input, {
        onUnexpectedError: (name, error) =>
          log.error('kiosk call failed', {
            method: name,
            error: error instanceof Error ? error.name : 'unknown',
          }),
      });
    });
  }
  return () => {
    for (const method of kioskMethods) ipcMain.removeHandler(ipcChannel(method));
  };
}

/** The sender check: our app URL, main frame only (no iframe can borrow the bridge). */
export function trustedSender(
  isApp: (url: string) => boolean,
): (event: IpcMainInvokeEvent) => boolean {
  return (event) => {
    const frame = event.senderFrame;
    return frame !== null && frame.parent === null && isApp(frame.url);
  };
}

export interface EventTarget {
  isDestroyed(): boolean;
  /** `session`: the staff session a booking event is for (absent on status events). */
  send(channel: string, payload: KioskEvent, session?: string): void;
}

export interface KioskEventsLike {
  subscribe(
    listener: (event: KioskEvent) => void,
    options?: { session?: () => string | null | undefined },
  ): () => void;
}

export interface ForwardEventsOptions {
  ipcMain: IpcMainLike;
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  log: Logger;
}

/**
 * Core events go to the window as they come; a closed window is skipped. Status events go to
 * everyone. Booking events carry customer data: for each staff session a listener of the page
 * watches (IPC_EVENT_SESSION_CHANNEL), main holds one core subscription, through which the core
 * sends them only while that session is live; each is sent tagged with its session, and the
 * preload hands it to the listeners of that session only.
 */
export function forwardKioskEvents(
  events: KioskEventsLike,
  target: EventTarget,
  options: ForwardEventsOptions,
): () => void {
  const send = (event: KioskEvent, session?: string): void => {
    if (!target.isDestroyed())
      target.send(IPC_EVENT_CHANNEL, event, ...(session === undefined ? [] : [session]));
  };
  const watched = new Map<string, { listeners: number; stop: () => void }>();
  options.ipcMain.handle(IPC_EVENT_SESSION_CHANNEL, (event, input): Promise<Result<null>> => {
    if (!options.isTrustedSender(event)) {
      options.log.warn('ipc call from an untrusted frame refused', { method: 'eventSession' });
      return Promise.resolve(fail('unauthorized', 'This page may not use the kiosk.'));
    }
    const parsed = EventSessionInput.safeParse(input);
    if (!parsed.success)
      return Promise.resolve(fail('invalid_input', 'expected { session, watching }'));
    const { session, watching } = parsed.data;
    const current = watched.get(session);
    if (watching && current) current.listeners += 1;
    else if (watching) {
      const stop = events.subscribe(
        (kioskEvent) => kioskEvent.type === 'booking' && send(kioskEvent, session),
        { session: () => session },
      );
      watched.set(session, { listeners: 1, stop });
    } else if (current && --current.listeners === 0) {
      current.stop();
      watched.delete(session);
    }
    return Promise.resolve({ ok: true, result: null });
  });
  // No session: the core sends status events only.
  const stopStatus = events.subscribe(
    (kioskEvent) => kioskEvent.type === 'status' && send(kioskEvent),
  );
  return () => {
    stopStatus();
    for (const { stop } of watched.values()) stop();
    watched.clear();
    options.ipcMain.removeHandler(IPC_EVENT_SESSION_CHANNEL);
  };
}
