/**
 * Where the kiosk keeps its one secret, the upstream API key. The Electron main process wraps
 * `safeStorage`; the browser shell and tests use a file (mode 0600) or memory. Synchronous on
 * purpose: the value is tiny and read at start-up and on a settings change.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomically } from '../platform';

export interface SecretStore {
  get(): string | null;
  /** `null` forgets the secret. */
  set(value: string | null): void;
  /** `keychain`: encrypted by the OS; `plain` (default): readable by anyone who reads the file. */
  readonly protection?: 'keychain' | 'plain';
  /** The file the secret is kept in (for IT's log); none: memory. */
  readonly location?: string;
}

/**
 * The log line for IT when the key came from their protected file: the core keeps the key it
 * sends in its own store (where a key staff enter goes too), so the file's key is copied there.
 * Says where, why, and how the copy is protected (both stores write it with mode 0600).
 */
export function keyCopyNote(keyFile: string, store: SecretStore): string | null {
  if (store.location === undefined) return null;
  const protection =
    store.protection === 'keychain'
      ? 'encrypted by the OS keychain, mode 0600'
      : 'mode 0600: only this user can read it; no OS keychain encrypts it';
  return (
    `the API key from ${keyFile} is copied to ${store.location} (${protection}): the kiosk sends ` +
    `the key kept in its own store; ${keyFile} is read again at every start and wins`
  );
}

export function createMemorySecretStore(initial: string | null = null): SecretStore {
  let value = initial;
  return {
    get: () => value,
    set: (next) => {
      value = next;
    },
  };
}

/**
 * A secret in a file only its owner can read (0600; on Windows the mode is ignored and the
 * profile folder's ACL protects it). Writes go to a temp file that is renamed over the old one,
 * so a crash never leaves half a key. A missing file means no secret.
 */
export function createFileSecretStore(path: string): SecretStore {
  return {
    location: path,
    get(): string | null {
      try {
        const text = readFileSync(path, 'utf8');
        return text.length > 0 ? text : null;
      } catch (error) {
        if (isErrnoException(error) && error.code === 'ENOENT') return null;
        throw error;
      }
    },
    set(value: string | null): void {
      if (value === null) {
        rmSync(path, { force: true });
        return;
      }
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileAtomically(path, value);
    },
  };
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
