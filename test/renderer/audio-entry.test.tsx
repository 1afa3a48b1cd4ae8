/**
 * The ways into audio mode on the start screen (useAudioEntry, issue 31): the first key that is
 * not a modifier, a three-finger touch, a headset plugged in (`devicechange` with more audio
 * outputs). None of them acts away from the start screen or once audio mode is on.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAudioEntry } from '../../renderer/access/audio-entry';
import { audioEntry } from '../../renderer/access/entry-way';
import { CALL_STAFF_KEY } from '../../renderer/access/CallStaff';
import { accessModes, resetAccessModes, setAccessMode } from '../../renderer/access/access-modes';

const audioOn = (): boolean => accessModes().audio;

function key(key: string, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

function pointer(
  type: 'pointerdown' | 'pointerup' | 'pointercancel',
  pointerId: number,
  pointerType = 'touch',
): PointerEvent {
  const event = new PointerEvent(type, { pointerId, pointerType, bubbles: true, cancelable: true });
  act(() => {
    document.body.dispatchEvent(event);
  });
  return event;
}

/** Lets the devices' promises settle (no clock: only queued promise callbacks). */
async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => resetAccessModes());

afterEach(() => {
  cleanup();
  resetAccessModes();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('a key', () => {
  it('the first key on the start screen starts audio mode, and does nothing else', () => {
    renderHook(() => useAudioEntry(true));
    const pressed = vi.fn();
    document.body.addEventListener('keydown', pressed);
    const event = key('Enter');
    document.body.removeEventListener('keydown', pressed);
    expect(audioOn()).toBe(true);
    expect(audioEntry()).toBe('keys');
    expect(event.defaultPrevented).toBe(true);
    expect(pressed).not.toHaveBeenCalled();
  });

  it('call staff’s key (F2) starts audio mode and still reaches the page, so staff are called', () => {
    renderHook(() => useAudioEntry(true));
    const pressed = vi.fn();
    document.body.addEventListener('keydown', pressed);
    const event = key(CALL_STAFF_KEY);
    document.body.removeEventListener('keydown', pressed);
    expect(audioOn()).toBe(true);
    expect(audioEntry()).toBe('keys');
    expect(event.defaultPrevented).toBe(false);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('a modifier alone does not start it; the next key does', () => {
    renderHook(() => useAudioEntry(true));
    for (const modifier of ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']) {
      expect(key(modifier).defaultPrevented).toBe(false);
    }
    expect(audioOn()).toBe(false);
    key('5');
    expect(audioOn()).toBe(true);
  });

  it('away from the start screen a key is just a key', () => {
    renderHook(() => useAudioEntry(false));
    const event = key('a');
    expect(audioOn()).toBe(false);
    expect(event.defaultPrevented).toBe(false);
  });

  it('in audio mode keys go on to the page (audio mode takes them)', () => {
    renderHook(() => useAudioEntry(true));
    setAccessMode('audio', true);
    const pressed = vi.fn();
    document.body.addEventListener('keydown', pressed);
    const event = key('ArrowDown');
    document.body.removeEventListener('keydown', pressed);
    expect(event.defaultPrevented).toBe(false);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the start screen goes, or the hook unmounts', () => {
    const { rerender, unmount } = renderHook(({ atStart }) => useAudioEntry(atStart), {
      initialProps: { atStart: true },
    });
    rerender({ atStart: false });
    key('a');
    expect(audioOn()).toBe(false);
    rerender({ atStart: true });
    unmount();
    key('a');
    pointer('pointerdown', 1);
    pointer('pointerdown', 2);
    pointer('pointerdown', 3);
    expect(audioOn()).toBe(false);
  });
});

describe('a three-finger touch', () => {
  it('three fingers down at once start audio mode for touch', () => {
    renderHook(() => useAudioEntry(true));
    expect(pointer('pointerdown', 1).defaultPrevented).toBe(false);
    pointer('pointerdown', 2);
    expect(audioOn()).toBe(false);
    const third = pointer('pointerdown', 3);
    expect(third.defaultPrevented).toBe(true);
    expect(audioOn()).toBe(true);
    expect(audioEntry()).toBe('touch');
  });

  it('fingers lifted or cancelled do not count; the same finger twice counts once', () => {
    renderHook(() => useAudioEntry(true));
    pointer('pointerdown', 1);
    pointer('pointerdown', 2);
    pointer('pointerup', 1);
    pointer('pointerdown', 3);
    expect(audioOn()).toBe(false);
    pointer('pointercancel', 2);
    pointer('pointerdown', 4);
    pointer('pointerdown', 4);
    expect(audioOn()).toBe(false);
    pointer('pointerdown', 5);
    expect(audioOn()).toBe(true);
  });

  it('a mouse or a pen never starts it', () => {
    renderHook(() => useAudioEntry(true));
    for (const id of [1, 2, 3, 4]) pointer('pointerdown', id, 'mouse');
    for (const id of [5, 6, 7, 8]) pointer('pointerdown', id, 'pen');
    expect(audioOn()).toBe(false);
  });

  it('does nothing once audio mode is on', () => {
    renderHook(() => useAudioEntry(true));
    setAccessMode('audio', true);
    pointer('pointerdown', 1);
    pointer('pointerdown', 2);
    expect(pointer('pointerdown', 3).defaultPrevented).toBe(false);
    // Fingers put down in audio mode were not counted.
    setAccessMode('audio', false);
    pointer('pointerdown', 4);
    expect(audioOn()).toBe(false);
  });
});

/** A platform's media devices: a number of audio outputs the test changes, and `devicechange`. */
class FakeMediaDevices extends EventTarget {
  outputs = 1;
  fail = false;
  enumerateDevices = vi.fn((): Promise<MediaDeviceInfo[]> => {
    if (this.fail) return Promise.reject(new Error('not allowed'));
    const devices = [{ kind: 'audioinput' }, { kind: 'videoinput' }];
    for (let i = 0; i < this.outputs; i++) devices.push({ kind: 'audiooutput' });
    return Promise.resolve(devices as MediaDeviceInfo[]);
  });

  async plug(outputs: number): Promise<void> {
    this.outputs = outputs;
    act(() => {
      this.dispatchEvent(new Event('devicechange'));
    });
    await flush();
  }
}

function installDevices(): FakeMediaDevices {
  const media = new FakeMediaDevices();
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: media });
  return media;
}

describe('a headset', () => {
  it('plugged in on the start screen (one more audio output) starts audio mode', async () => {
    const media = installDevices();
    renderHook(() => useAudioEntry(true));
    await flush();
    expect(media.enumerateDevices).toHaveBeenCalledTimes(1);
    await media.plug(1); // a camera or such: no new output
    expect(audioOn()).toBe(false);
    await media.plug(2);
    expect(audioOn()).toBe(true);
    expect(audioEntry()).toBe('keys');
  });

  it('an output removed is not a headset; plugging one in after that is', async () => {
    const media = installDevices();
    media.outputs = 2;
    renderHook(() => useAudioEntry(true));
    await flush();
    await media.plug(1);
    expect(audioOn()).toBe(false);
    await media.plug(2);
    expect(audioOn()).toBe(true);
  });

  it('a change before the first count is known does not start it', async () => {
    const media = installDevices();
    let release = (): void => undefined;
    media.enumerateDevices.mockImplementationOnce(
      () =>
        new Promise<MediaDeviceInfo[]>((resolve) => {
          release = () => resolve([]);
        }),
    );
    renderHook(() => useAudioEntry(true));
    await media.plug(3);
    expect(audioOn()).toBe(false);
    // The late first count (none) must not be mistaken for a plug-in either.
    release();
    await flush();
    expect(audioOn()).toBe(false);
    await media.plug(4);
    expect(audioOn()).toBe(true);
  });

  it('not on another screen, nor after the start screen went, nor in audio mode', async () => {
    const media = installDevices();
    const { rerender } = renderHook(({ atStart }) => useAudioEntry(atStart), {
      initialProps: { atStart: false },
    });
    await flush();
    await media.plug(2);
    expect(audioOn()).toBe(false);
    expect(media.enumerateDevices).not.toHaveBeenCalled();

    rerender({ atStart: true });
    await flush();
    setAccessMode('audio', true);
    await media.plug(3);
    setAccessMode('audio', false);
    expect(audioOn()).toBe(false);

    // A plug-in whose count arrives after the start screen went.
    let release = (): void => undefined;
    media.enumerateDevices.mockImplementationOnce(
      () =>
        new Promise<MediaDeviceInfo[]>((resolve) => {
          release = () =>
            resolve(Array.from({ length: 9 }, () => ({ kind: 'audiooutput' }) as MediaDeviceInfo));
        }),
    );
    await media.plug(9);
    rerender({ atStart: false });
    release();
    await flush();
    expect(audioOn()).toBe(false);
  });

  it('a platform that refuses to list devices leaves the other ways working', async () => {
    const media = installDevices();
    media.fail = true;
    renderHook(() => useAudioEntry(true));
    await flush();
    await media.plug(2);
    expect(audioOn()).toBe(false);
    key('a');
    expect(audioOn()).toBe(true);
  });
});
