import { useEffect } from 'react';
import { accentPalette } from '../lib/accent';

const PROPERTIES = ['--primary', '--primary-pressed', '--primary-soft'] as const;

/**
 * Applies the shop's accent colour to the page's custom properties through the CSSOM, which the
 * CSP (style-src 'self', no inline styles) allows. High contrast keeps its own fixed palette.
 */
export function useShopTheme(accentColor: string | null | undefined, highContrast: boolean): void {
  useEffect(() => {
    const style = document.documentElement.style;
    const palette = !highContrast && accentColor ? accentPalette(accentColor) : null;
    if (!palette) {
      for (const property of PROPERTIES) style.removeProperty(property);
      return;
    }
    style.setProperty('--primary', palette.primary);
    style.setProperty('--primary-pressed', palette.pressed);
    style.setProperty('--primary-soft', palette.soft);
  }, [accentColor, highContrast]);
}
