import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFileSecretStore,
  createMemorySecretStore,
} from '../../../electron/core/staff/secret-store';

describe('createFileSecretStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'frontdesk-secret-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no secret until one is set, then keeps it across instances', () => {
    const path = join(dir, 'nested', 'api-key');
    expect(createFileSecretStore(path).get()).toBeNull();
    createFileSecretStore(path).set('sk_test_1');
    expect(createFileSecretStore(path).get()).toBe('sk_test_1');
  });

  it.skipIf(process.platform === 'win32')('writes the file with mode 0600', () => {
    const path = join(dir, 'api-key');
    writeFileSync(path, 'old', { mode: 0o644 });
    createFileSecretStore(path).set('sk_test_2');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces atomically and leaves no temp files behind', () => {
    const path = join(dir, 'api-key');
    const store = createFileSecretStore(path);
    store.set('first');
    store.set('second');
    expect(store.get()).toBe('second');
    expect(readdirSync(dir)).toEqual(['api-key']);
  });

  it('forgets the secret on set(null)', () => {
    const path = join(dir, 'api-key');
    const store = createFileSecretStore(path);
    store.set('x');
    store.set(null);
    expect(store.get()).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('createMemorySecretStore', () => {
  it('holds the initial value and updates', () => {
    const store = createMemorySecretStore('a');
    expect(store.get()).toBe('a');
    store.set(null);
    expect(store.get()).toBeNull();
    expect(createMemorySecretStore().get()).toBeNull();
  });
});
