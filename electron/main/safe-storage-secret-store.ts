import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomically } from '../core/platform';
import type { SecretStore } from '../core/staff';

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron: `basic_text` means no real keychain. */
  getSelectedStorageBackend?(): string;
}

/**
 * The API key encrypted with the OS keychain (Electron's `safeStorage`) in a file under
 * userData. Without OS encryption the key is refused rather than written in clear.
 */
export function createSafeStorageSecretStore(
  path: string,
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): SecretStore {
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
  return {
    protection: backend === 'basic_text' || backend === 'unknown' ? 'plain' : 'keychain',
    location: path,
    get(): string | null {
      let data: Buffer;
      try {
        data = readFileSync(path);
      } catch {
        return null;
      }
      if (data.length === 0 || !safeStorage.isEncryptionAvailable()) return null;
      return safeStorage.decryptString(data);
    },
    set(value: string | null): void {
      if (value === null) {
        rmSync(path, { force: true });
        return;
      }
      if (!safeStorage.isEncryptionAvailable()) {
        throw new Error('The operating system offers no secure storage for the API key.');
      }
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileAtomically(path, safeStorage.encryptString(value));
    },
  };
}
