import { lazy } from 'react';

/**
 * Parts of screens that the first screen does not need, each a chunk of its own
 * (bench/RESULTS.md, first-load JS). `preload*` fetches a chunk early, e.g. while the customer
 * picks a service, so that the screen needing it paints without waiting. The lazily loaded
 * screens themselves are in screens/lazy-screens.ts (they use these parts).
 */
export const preloadKeyboard = () => import('./OnScreenKeyboard');
export const OnScreenKeyboard = lazy(() =>
  preloadKeyboard().then((module) => ({ default: module.OnScreenKeyboard })),
);

export const preloadQrCode = () => import('./QrCode');
export const QrCode = lazy(() => preloadQrCode().then((module) => ({ default: module.QrCode })));
