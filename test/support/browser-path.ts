/**
 * Where the end-to-end tests find a Chromium-based browser (issue 30): `CHROME_PATH` when set,
 * else Debian's Chromium, else an installed Chrome, Chromium or Edge in the places Linux, macOS
 * and Windows put them. Playwright's own browser download fails offline (../shared/TOOLCHAIN.md),
 * so the tests never use it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

interface Where {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  exists: (path: string) => boolean;
}

/** The places a browser may be, most preferred first, for one platform. */
export function browserCandidates({ platform, env }: Omit<Where, 'exists'>): string[] {
  const fromEnv = env.CHROME_PATH ? [env.CHROME_PATH] : [];
  switch (platform) {
    case 'darwin':
      return [
        ...fromEnv,
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
        '/Applications/Chromium.app/Contents/MacOS/Chromium',
        '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      ];
    case 'win32': {
      const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
        (root): root is string => !!root,
      );
      const apps = [
        ['Google', 'Chrome', 'Application', 'chrome.exe'],
        ['Chromium', 'Application', 'chrome.exe'],
        ['Microsoft', 'Edge', 'Application', 'msedge.exe'],
      ];
      return [...fromEnv, ...apps.flatMap((app) => roots.map((root) => join(root, ...app)))];
    }
    default:
      return [
        ...fromEnv,
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
        '/usr/bin/microsoft-edge',
        '/snap/bin/chromium',
      ];
  }
}

/** The first browser that exists, or null. A `CHROME_PATH` that does not exist is not skipped. */
export function findBrowser(where: Where): string | null {
  if (where.env.CHROME_PATH)
    return where.exists(where.env.CHROME_PATH) ? where.env.CHROME_PATH : null;
  return browserCandidates(where).find((path) => where.exists(path)) ?? null;
}

/** This machine's browser, or null. */
export function browserPath(): string | null {
  return findBrowser({ platform: process.platform, env: process.env, exists: existsSync });
}
