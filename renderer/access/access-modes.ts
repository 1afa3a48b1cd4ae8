import { useSyncExternalStore } from 'react';

/**
 * The access modes a customer turned on for their own session (issue 31): `audio` (the kiosk
 * speaks and takes a keypad) and `reach` (everything operable comes below the reach line).
 * One small store outside React, so that the idle timer, the speech layer and the screens read
 * the same value; `resetAccessModes` runs when a customer's session ends.
 */
export interface AccessModes {
  audio: boolean;
  reach: boolean;
}

/** How a customer's session ended: the idle reset is said in audio mode as the mode ends. */
export type SessionEnd = 'idle' | 'customer';

const OFF: AccessModes = { audio: false, reach: false };
let current: AccessModes = OFF;
let lastEnd: SessionEnd = 'customer';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function accessModes(): AccessModes {
  return current;
}

export function setAccessMode(mode: keyof AccessModes, on: boolean): void {
  if (current[mode] === on) return;
  current = { ...current, [mode]: on };
  notify();
}

export function resetAccessModes(end: SessionEnd = 'customer'): void {
  lastEnd = end;
  if (current === OFF) return;
  current = OFF;
  notify();
}

/** How the last session ended (read by audio mode as it ends with that session). */
export function lastSessionEnd(): SessionEnd {
  return lastEnd;
}

export function subscribeAccessModes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current modes, re-rendering the component when one changes. */
export function useAccessModes(): AccessModes {
  return useSyncExternalStore(subscribeAccessModes, accessModes, accessModes);
}
