import { lazy, useEffect } from 'react';
import { accessModes, setAccessMode } from './access-modes';
import { CALL_STAFF_KEY } from './CallStaff';
import { setAudioEntry } from './entry-way';

/**
 * How a customer turns audio mode on without seeing the screen (issue 31, EN 301 549 5.2): on
 * the start screen, the first key of a keypad or keyboard, a three-finger tap (the tactile
 * sticker's gesture, docs/tactile-sticker.md: no sighted customer taps with three fingers by
 * accident), or a headset plugged in where the platform reports it (`devicechange`). This file
 * is on the first screen; audio mode itself (AudioLayer) is a chunk loaded when it starts.
 */
export const AudioLayer = lazy(() =>
  import('./AudioLayer').then((module) => ({ default: module.AudioLayer })),
);

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);
const ENTRY_FINGERS = 3;

function startAudio(how: 'keys' | 'touch'): void {
  setAudioEntry(how);
  setAccessMode('audio', true);
}

async function audioOutputs(): Promise<number> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((device) => device.kind === 'audiooutput').length;
}

/** Listens for the ways into audio mode while the start screen shows. */
export function useAudioEntry(atStart: boolean): void {
  useEffect(() => {
    if (!atStart) return;
    const onKey = (event: KeyboardEvent): void => {
      if (accessModes().audio || MODIFIERS.has(event.key)) return;
      // The key only starts audio mode: it must not also press whatever is focused. Call staff's
      // key still calls: a customer who asks for a person gets one, and hears that one is coming.
      if (event.key !== CALL_STAFF_KEY) {
        event.preventDefault();
        event.stopPropagation();
      }
      startAudio('keys');
    };
    const fingers = new Set<number>();
    const onDown = (event: PointerEvent): void => {
      if (event.pointerType !== 'touch' || accessModes().audio) return;
      fingers.add(event.pointerId);
      if (fingers.size >= ENTRY_FINGERS) {
        event.preventDefault();
        fingers.clear();
        startAudio('touch');
      }
    };
    const onUp = (event: PointerEvent): void => {
      fingers.delete(event.pointerId);
    };
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    let outputs: number | null = null;
    let live = true;
    if (media)
      void audioOutputs().then(
        (count) => (outputs = count),
        () => undefined,
      );
    const onDevices = (): void => {
      void audioOutputs().then(
        (count) => {
          // More outputs than before: a headset was plugged in.
          if (live && outputs !== null && count > outputs && !accessModes().audio)
            startAudio('keys');
          outputs = count;
        },
        () => undefined,
      );
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointerup', onUp, true);
    window.addEventListener('pointercancel', onUp, true);
    media?.addEventListener('devicechange', onDevices);
    return () => {
      live = false;
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointerup', onUp, true);
      window.removeEventListener('pointercancel', onUp, true);
      media?.removeEventListener('devicechange', onDevices);
    };
  }, [atStart]);
}
