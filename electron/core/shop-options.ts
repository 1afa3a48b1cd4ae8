import type { MachineShop } from './config';
import type { KioskCoreOptions } from './kiosk-core';

/** The machine file's `shop` as core options: the profile's text fields and the logo's path. */
export function shopOptions(shop: MachineShop | undefined): Pick<KioskCoreOptions, 'shop' | 'shopLogoFile'> {
  if (!shop) return {};
  const { logoFile, ...profile } = shop;
  return { shop: profile, ...(logoFile === undefined ? {} : { shopLogoFile: logoFile }) };
}
