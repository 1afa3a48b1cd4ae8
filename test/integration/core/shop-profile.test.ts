/**
 * Issue 9, the shop profile through a real core (real SQLite): IT's values are defaults staff
 * may change, fixed when `shop` is locked; the logo file becomes a data: URL only when it is a
 * PNG or an SVG within the size limit; the customer screen gets the profile without a session.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createKioskCore,
  type KioskCore,
  type KioskCoreOptions,
} from '../../../electron/core/kiosk-core';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import { MAX_LOGO_BYTES, readShopLogo } from '../../../electron/core/staff/shop-logo';
import { KioskFailure } from '../../../shared/result';
import { makeTempDir } from '../../support/core/harness';
import { openStaffSession } from '../../support/core/staff';

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCore | null = null;

beforeEach(() => {
  temp = makeTempDir('fd-shop-');
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

const SVG =
  '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function file(name: string, content: string | Buffer): string {
  const path = join(temp.dir, name);
  writeFileSync(path, content);
  return path;
}

async function open(options: Partial<KioskCoreOptions> = {}): Promise<KioskCore> {
  core = await createKioskCore({
    dataDir: join(temp.dir, 'kiosk'),
    upstreamUrl: 'http://127.0.0.1:9', // never reached: autoStart off
    apiKey: 'k',
    secretStore: createMemorySecretStore(),
    autoStart: false,
    ...options,
  });
  return core;
}

describe('readShopLogo', () => {
  it.each([
    ['an SVG document', 'logo.svg', SVG, /^data:image\/svg\+xml;base64,/],
    ['a PNG by its signature', 'logo.png', PNG, /^data:image\/png;base64,/],
  ])('accepts %s', (_name, fileName, content, url) => {
    const read = readShopLogo(file(fileName, content));
    expect(read.ok && read.dataUrl).toMatch(url);
  });

  it.each([
    ['a JPEG name', 'logo.jpg', 'x', 'a logo must be a .png or .svg file'],
    ['HTML named .svg', 'logo.svg', '<html><script>alert(1)</script></html>', 'not an SVG image'],
    [
      'an SVG with entities',
      'logo.svg',
      '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>',
      'not an SVG image',
    ],
    ['text named .png', 'logo.png', 'not a png', 'not a PNG image'],
    [
      'a file over the limit',
      'big.svg',
      `<svg>${' '.repeat(MAX_LOGO_BYTES)}</svg>`,
      'larger than 256 KiB',
    ],
  ])('refuses %s', (_name, fileName, content, reason) => {
    expect(readShopLogo(file(fileName, content))).toEqual({ ok: false, reason });
  });

  it('refuses a missing file', () => {
    expect(readShopLogo(join(temp.dir, 'none.svg'))).toEqual({
      ok: false,
      reason: 'file not found',
    });
  });
});

describe('shop profile in the core', () => {
  it("IT's values reach the customer screen without a session; staff change and clear them", async () => {
    const c = await open({
      shop: { name: 'Salon Lindenhof', phone: '+49 30 1', logoFile: file('logo.svg', SVG) },
    });
    const pub = await c.api.getPublicSettings(undefined);
    expect(pub.shop).toMatchObject({
      name: 'Salon Lindenhof',
      phone: '+49 30 1',
      address: null,
      accentColor: null,
    });
    expect(pub.shop.logo).toMatch(/^data:image\/svg\+xml;base64,/);

    const session = await openStaffSession(c);
    const changed = await c.api.updateSettings({
      session,
      shop: { name: '  Salon Linde ', phone: '', accentColor: '#123abc' },
    });
    expect(changed.shop).toEqual({
      name: 'Salon Linde',
      address: null,
      phone: null,
      accentColor: '#123abc',
      welcome: null,
    });
    expect(changed.shopLogoSet).toBe(true);
    expect((await c.api.getPublicSettings(undefined)).shop).toMatchObject({
      name: 'Salon Linde',
      phone: null,
    });
    await expect(
      c.api.updateSettings({ session, shop: { accentColor: 'red' } }),
    ).rejects.toBeInstanceOf(KioskFailure);
  });

  it('locked by IT: the profile is fixed and a change is refused', async () => {
    const c = await open({ shop: { name: 'Salon Lindenhof' }, locked: ['shop'] });
    const session = await openStaffSession(c);
    const refused = await c.api
      .updateSettings({ session, shop: { name: 'Other' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KioskFailure);
    expect((refused as KioskFailure).message).toBe('shop is set by your IT department');
    // Sending the current value is no change.
    await c.api.updateSettings({ session, shop: { name: 'Salon Lindenhof' } });
    expect((await c.api.getPublicSettings(undefined)).shop.name).toBe('Salon Lindenhof');
  });

  it('a logo the kiosk cannot use is left out; the kiosk still starts', async () => {
    const c = await open({ shop: { logoFile: file('logo.png', 'not a png') } });
    expect((await c.api.getPublicSettings(undefined)).shop.logo).toBeNull();
  });
});
