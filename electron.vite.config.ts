import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from './shared/csp';

/** Writes the one policy of shared/csp.ts into index.html's meta tag. */
const contentSecurityPolicy = (): Plugin => ({
  name: 'frontdesk-csp',
  transformIndexHtml: (html) => html.replace('%FRONTDESK_CSP%', META_CONTENT_SECURITY_POLICY),
});

/**
 * Writes a brotli and a gzip copy beside each JS, CSS and HTML file of the renderer, which the
 * browser shell sends to a browser that accepts them (web-shell.ts, `preCompressed`): a tablet
 * on the shop's Wi-Fi fetches about a third of the bytes, with no compression work per request.
 */
const precompressed = (): Plugin => ({
  name: 'frontdesk-precompressed',
  apply: 'build',
  writeBundle(output, bundle) {
    const dir = output.dir ?? '';
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|html)$/.test(fileName)) continue;
      const path = join(dir, fileName);
      // Every one, however small: @fastify/static answers 404 for `/` when index.html has no copy.
      const source = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    }
  },
});

// Three builds: the Electron main process (ESM, Node 22), the preload (CommonJS, because a
// sandboxed preload cannot be an ES module: ../shared/TOOLCHAIN.md) and the React renderer,
// which the browser shell also serves from out/renderer.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/main/index.ts') },
        // The bundle (fastify, undici, ajv, drizzle) is most of app.asar's 12 MB budget
        // (scripts/package-check.ts). Names stay unmangled so a logged stack trace still reads.
        output: { minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } } },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Bundle the contract (zod included) into one file: a sandboxed preload cannot require
      // anything but a few Electron modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react(), contentSecurityPolicy(), precompressed()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves its builds unminified; the browser shell serves this one over HTTP
      // to the kiosk, where the first screen's JS is a budget (bench/RESULTS.md, issue 9).
      minify: true,
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
