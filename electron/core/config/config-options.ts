/** What loading the kiosk's configuration reads: its own file, so that the config parsers need not import config.ts. */
import type { Logger } from '../platform';

export interface LoadKioskConfigOptions {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  defaultDataDir: string;
  /** Returns the file's text, or null when it does not exist. Defaults to the real file system. */
  readFile?: (path: string) => string | null;
  /** Where a warning goes (a key file readable by others); default a 'config' logger. */
  log?: Logger;
}
