/**
 * The installer configuration cannot be exercised by a real package here (electron-builder
 * downloads Electron), so it is checked the way electron-builder checks it before every run.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface BuilderConfig {
  npmRebuild?: boolean;
  files?: { filter: string[] }[];
  asarUnpack?: string[];
  nsis?: { perMachine?: boolean; oneClick?: boolean };
  mac?: { hardenedRuntime?: boolean };
  electronFuses?: Record<string, unknown>;
  [key: string]: unknown;
}

const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig: (
    projectDir: string,
    configPath: string | null,
    fromOptions: null,
  ) => Promise<BuilderConfig>;
  validateConfiguration: (config: BuilderConfig, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util/out/DebugLogger') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

const root = new URL('../../../', import.meta.url).pathname;

describe('electron-builder configuration', () => {
  // Validation compiles electron-builder's JSON schema: 7-8 s on the shared 2 cores under load.
  it('passes electron-builder validation', { timeout: 30_000 }, async () => {
    const config = await getConfig(root, null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('ships migrations, skips the native rebuild and installs per machine', async () => {
    const config = await getConfig(root, null, null);
    expect(config.npmRebuild).toBe(false);
    expect(config.files?.flatMap((set) => set.filter)).toEqual(
      expect.arrayContaining(['out/**', 'drizzle/**']),
    );
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.nsis).toMatchObject({ perMachine: true, oneClick: false });
    expect(config.mac?.hardenedRuntime).toBe(true);
  });

  it('flips every fuse that keeps a shipped binary from running foreign code', async () => {
    const config = await getConfig(root, null, null);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('rejects an unknown option, as a real build would', async () => {
    const config = await getConfig(root, null, null);
    await expect(
      validateConfiguration({ ...config, notAnOption: true }, new DebugLogger(false)),
    ).rejects.toThrow(/notAnOption/);
  });
});
