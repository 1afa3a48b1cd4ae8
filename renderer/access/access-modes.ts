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

const OFF: AccessModes = { audio: false, reach: false };
let current: AccessModes = OFF;
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

export function resetAccessModes(): void {
  if (current === OFF) return;
  current = OFF;
  notify();
}

export function subscribeAccessModes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current modes, re-rendering the component when one changes. */
export function useAccessModes(): AccessModes {
  return useSyncExternalStore(subscribeAccessModes, accessModes, accessModes);
}
