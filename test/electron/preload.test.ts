import { describe, expect, it, vi } from 'vitest';
import { kioskMethods } from '../../shared/kiosk-api';

const exposed = vi.hoisted(() => [] as [string, unknown][]);

vi.mock('electron', () => {
  const module = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) },
    ipcRenderer: {
      invoke: () => Promise.resolve(null),
      on: () => undefined,
      removeListener: () => undefined,
    },
  };
  return { ...module, default: module };
});

describe('preload', () => {
  it('exposes window.frontdesk built from the contract, and nothing else', async () => {
    // One module registry for the unit project's files (isolate: false): run the preload afresh.
    vi.resetModules();
    await import('../../electron/preload/index');
    expect(exposed.map(([key]) => key)).toEqual(['frontdesk']);
    const api = exposed[0]?.[1] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...kioskMethods, 'onEvent'].sort());
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
  });
});
