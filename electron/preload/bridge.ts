/**
 * Builds `window.frontdesk` from the contract: one `invoke` per method and one event channel.
 * No other logic lives in the preload (STYLE.md §4); `ipcRenderer` itself is never exposed.
 */
import {
  IPC_EVENT_CHANNEL,
  IPC_EVENT_SESSION_CHANNEL,
  ipcChannel,
  kioskMethods,
  type KioskClient,
  type KioskEvent,
} from '../../shared/kiosk-api';

/** The slice of Electron's `ipcRenderer` that the bridge uses (a stand-in in tests). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(
    channel: string,
    listener: (event: unknown, payload: unknown, session?: unknown) => void,
  ): unknown;
  removeListener(
    channel: string,
    listener: (event: unknown, payload: unknown, session?: unknown) => void,
  ): unknown;
}

export function buildKioskBridge(ipc: IpcRendererLike): KioskClient {
  const methods = Object.fromEntries(
    kioskMethods.map((method) => [
      method,
      (input: unknown) => ipc.invoke(ipcChannel(method), input),
    ]),
  );
  return {
    ...(methods as Omit<KioskClient, 'onEvent'>),
    onEvent(listener, options): () => void {
      // Main sends only events it built from the contract; the sender is never passed on.
      // Booking events come from main tagged with the live staff session they were sent for;
      // a listener gets those of its own session only, and without one status events only.
      const session = options?.session;
      const handler = (_event: unknown, payload: unknown, forSession?: unknown): void => {
        const event = payload as KioskEvent;
        if (event.type === 'status' || (session !== undefined && forSession === session))
          listener(event);
      };
      ipc.on(IPC_EVENT_CHANNEL, handler);
      if (session) void ipc.invoke(IPC_EVENT_SESSION_CHANNEL, { session, watching: true });
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, handler);
        if (session) void ipc.invoke(IPC_EVENT_SESSION_CHANNEL, { session, watching: false });
      };
    },
  };
}
