/**
 * Runs the bundled main process (out/main/index.js, as packaged) in plain Node 22 with a
 * stand-in for `electron`, since the Electron binary cannot run here. It proves that the bundle
 * and the runtime dependencies it leaves external load and work: the core starts with the
 * embedded demo upstream (fastify, drizzle, better-sqlite3 and the migrations from out/main),
 * the kiosk API answers over the IPC handlers, and app:// serves the renderer with its CSP.
 * Prints one JSON line with what it saw; exits 1 on any failure.
 *
 *   node scripts/package/main-bundle-smoke.mjs <project root> <empty temp folder>
 */
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, temp] = process.argv.slice(2);
if (!root || !temp) {
  console.error('usage: node scripts/package/main-bundle-smoke.mjs <project root> <temp folder>');
  process.exit(2);
}
const standIn = pathToFileURL(join(root, 'scripts', 'package', 'electron-stand-in.mjs')).href;
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === 'electron'
      ? { url: standIn, format: 'module', shortCircuit: true }
      : nextResolve(specifier, context),
});
process.env.FRONTDESK_STAND_IN_ROOT = temp;
process.resourcesPath = join(temp, 'resources'); // electron-updater reads it at start
process.env.FRONTDESK_CONFIG = '';
process.env.FRONTDESK_LOG_LEVEL = 'warn';
// As a packaged app is started: the executable, then the flags.
process.argv = [process.execPath, '--upstream', 'embedded'];

const fail = (message) => {
  console.error(`main-bundle-smoke: ${message}`);
  process.exit(1);
};
const timeout = setTimeout(() => fail('no window within 60 s'), 60_000);

await import(pathToFileURL(join(root, 'out', 'main', 'index.js')).href);
const state = globalThis.__electronStandIn;
while (!state.windows[0]?.loaded && state.errors.length === 0)
  await new Promise((resolve) => setTimeout(resolve, 50));
clearTimeout(timeout);
if (state.errors.length > 0) fail(`start-up failed: ${state.errors.join('; ')}`);

const window = state.windows[0];
const event = { senderFrame: { url: window.loaded, parent: null } };
const call = async (method, input) => {
  const handler = state.ipcHandlers.get(`kiosk:${method}`);
  if (!handler) fail(`no IPC handler for ${method}`);
  const answer = await handler(event, input);
  if (!answer?.ok) fail(`${method} answered ${JSON.stringify(answer)}`);
  return answer.result;
};
const catalog = await call('getCatalog', {});
const status = await call('getSyncStatus', {});
const publicSettings = await call('getPublicSettings', {});
// Staff-only methods refuse a call without a live staff session.
const staffOnly = await state.ipcHandlers.get('kiosk:saveDiagnostics')(event, {
  session: 'not-a-session-0123456789',
});
const refused = await state.ipcHandlers.get('kiosk:getCatalog')(
  { senderFrame: { url: 'https://evil.example/', parent: null } },
  {},
);

const page = await state.protocolHandlers.get('app')(new Request('app://frontdesk/index.html'));
const traversal = await state.protocolHandlers.get('app')(
  new Request('app://frontdesk/..%2f..%2fpackage.json'),
);
const report = {
  url: window.loaded,
  sandbox: window.options.webPreferences.sandbox,
  services: catalog.services.length,
  upstream: status.upstream,
  mode: publicSettings.mode,
  staffOnlyRefused: staffOnly?.ok === false && staffOnly.error?.code === 'unauthorized',
  untrustedRefused: refused?.ok === false,
  page: page.status,
  csp: page.headers.get('content-security-policy') !== null,
  traversal: traversal.status,
};
console.log(JSON.stringify(report));
const ok =
  report.url === 'app://frontdesk/index.html' &&
  report.sandbox === true &&
  report.services > 0 &&
  report.upstream === 'embedded' &&
  report.untrustedRefused &&
  report.staffOnlyRefused &&
  report.page === 200 &&
  report.csp &&
  report.traversal === 404;
if (!ok) fail('unexpected report');

for (const listener of state.appListeners.get('window-all-closed') ?? []) listener();
while (state.quit === 0) await new Promise((resolve) => setTimeout(resolve, 20));
process.exit(0);
