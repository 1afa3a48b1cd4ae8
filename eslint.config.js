// @ts-check
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Each folder may only use its own runtime (STYLE.md §1). These bans make a wrong import fail
// CI. (eslint-plugin-import-x's zones would say the same, but its resolver's platform binaries
// are not all on the registry this project installs from, which breaks `npm ci`.)
const ban = (group, message) => ({ group, message });
const noElectron = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};
const nodeOnly = ban(['node:*'], 'This folder runs outside Node: no node: modules.');
const toRenderer = ban(
  ['**/renderer', '**/renderer/**'],
  'Only the renderer build may import renderer/.',
);
const toServer = ban(
  ['**/server', '**/server/**'],
  'The reference server is reached over HTTP; what both sides need lives in shared/.',
);
// The one exception: the core starts the reference server in-process as its embedded default.
const toServerButStart = {
  regex: '(^|/)server(/|$)(?!start-server$)',
  message:
    'Only server/start-server (the embedded default) may be imported from the reference server.',
};
const toElectronShell = ban(
  ['**/electron/main', '**/electron/main/**', '**/electron/preload', '**/electron/preload/**'],
  'The Electron shell is thin; nothing imports it.',
);
const toElectronAny = ban(
  ['**/electron/**'],
  'This folder does not run in Electron or the kiosk core.',
);
// The kiosk core's rooms (docs/architecture.md): a room imports another only through that room's
// index.ts, and no room imports the composition at the root (kiosk-core.ts and its parts). The
// rooms are flat folders, so the specifier alone says where an import goes.
const roomFileOfOther = {
  regex: '^\\.\\./(?!\\.\\.(/|$))[^/]+/',
  message:
    "Import another room of the kiosk core through its index ('../<room>'), not a file in it.",
};
const toComposition = {
  regex: '^\\.\\./kiosk-',
  message:
    'The composition at the root (kiosk-core.ts and its parts) imports the rooms; no room imports it.',
};
const roomFileFromRoot = {
  regex: '^\\./[^/]+/',
  message: "The composition imports each room through its index ('./<room>'), not a file in it.",
};
const toKioskCore = {
  regex: '^\\./kiosk-core$',
  message: 'Nothing in the kiosk core imports the composition kiosk-core.ts.',
};
const coreRuntime = [toRenderer, toElectronShell];
const zone = (files, paths, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

const zones = [
  zone(
    ['shared/**'],
    [noElectron],
    [
      nodeOnly,
      ban(
        [
          'undici',
          'better-sqlite3',
          'drizzle-orm',
          'drizzle-orm/*',
          'fastify',
          'react',
          'react-dom',
        ],
        'shared/ is plain TypeScript that runs in every process.',
      ),
      toServer,
      toRenderer,
      toElectronAny,
      ban(['**/test/**', '**/bench/**'], 'Product code does not import tests.'),
    ],
  ),
  zone(['renderer/**'], [noElectron], [nodeOnly, toServer, toElectronAny]),
  zone(['electron/web/**'], [noElectron], [...coreRuntime, toServer]),
  zone(
    ['electron/core/*.ts'],
    [noElectron],
    [...coreRuntime, toServer, roomFileFromRoot, toKioskCore],
  ),
  zone(
    ['electron/core/*/**'],
    [noElectron],
    [...coreRuntime, toServer, roomFileOfOther, toComposition],
  ),
  zone(
    ['electron/core/link/embedded.ts'],
    [noElectron],
    [...coreRuntime, toServerButStart, roomFileOfOther, toComposition],
  ),
  zone(['server/**'], [noElectron], [toRenderer, toElectronAny]),
  zone(
    ['electron/preload/**'],
    [],
    [
      nodeOnly,
      toServer,
      toRenderer,
      ban(
        ['**/core/**', '**/web/**', '**/main/**'],
        'The preload builds window.frontdesk from the contract and nothing else.',
      ),
    ],
  ),
  zone(['electron/main/**'], [], [toRenderer]),
  zone(['test/**', 'bench/**', 'scripts/**'], [noElectron], []),
  zone(['test/electron/**'], [], []),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      '.tsbuild/**',
      'drizzle/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      '.stryker-tmp*/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A new member of a union (an outcome kind, a mode) must be handled wherever it is switched on.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  ...zones,
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A key built at run time escapes the typed keys (renderer/i18n/i18next.d.ts): pick it from a
    // typed map (renderer/lib/message-keys.ts) so that the compiler checks every key.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='t'][arguments.0.type='TemplateLiteral'], CallExpression[callee.property.name='t'][arguments.0.type='TemplateLiteral']",
          message: 'Pass t() a literal key or one from a typed map, not a template literal.',
        },
      ],
    },
  },
  {
    // Product code logs through the prefixed logger (shared/log.ts) or Fastify's logger.
    files: ['shared/**', 'server/**', 'electron/**', 'renderer/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
