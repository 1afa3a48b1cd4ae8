/**
 * The renderer files share one module registry per worker (issue 40: isolated, the project took
 * 628 s of CPU; not, about 200 s), so what a file leaves behind is undone here after each file.
 * @testing-library/react registers its own unmount after each test only when first imported,
 * that is in the first file of a worker: every file gets it from here.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetAccessModes } from '../../../renderer/access/access-modes';
import { setAudioEntry } from '../../../renderer/access/entry-way';

afterEach(() => cleanup());
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The renderer's own stores outside React start each file as the app starts.
  resetAccessModes();
  setAudioEntry('keys');
  // The page as a fresh one: the app sets dir, lang and classes on <html> (a right-to-left file
  // left dir="rtl", and arrow-keys then read the buttons right to left).
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
