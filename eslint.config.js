// @ts-check
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

// Each folder may only use its own runtime (STYLE.md §1); these zones make a wrong import fail CI.
const zones = [
  { target: './shared', from: ['./server', './electron', './renderer', './test', './bench'], message: 'shared/ is plain TypeScript.' },
  { target: './renderer', from: ['./server', './electron'], message: 'The renderer talks to the kiosk only through shared/kiosk-api.' },
  { target: './electron/core', from: ['./electron/main', './electron/preload', './renderer'], message: 'The core runs in plain Node.' },
  { target: './server', from: ['./electron', './renderer'], message: 'The reference server stands alone.' },
  { target: './electron/web', from: ['./electron/main', './electron/preload', './renderer'], message: 'The browser shell runs in plain Node.' },
];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'out/**', 'dist/**', '.tsbuild/**', 'drizzle/**', 'reports/**', 'test-results/**', 'playwright-report/**'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }] },
      ],
    },
  },
  {
    files: ['electron/main/**', 'electron/preload/**', 'test/electron/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'electron', 'undici', 'better-sqlite3'], message: 'shared/ runs in every process: no Node or Electron APIs.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
