import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accentPalette, contrast } from '../../renderer/lib/accent';

describe('accentPalette', () => {
  it('keeps a dark colour and darkens a light one until white text on it reads (>= 5:1)', () => {
    expect(accentPalette('#0d5a54')?.primary).toBe('#0d5a54');
    const yellow = accentPalette('#ffd400');
    expect(yellow?.primary).not.toBe('#ffd400');
    expect(contrast(yellow?.primary ?? '', '#ffffff')).toBeGreaterThanOrEqual(5);
  });

  it('refuses what is not #rrggbb', () => {
    expect(accentPalette('red')).toBeNull();
    expect(accentPalette('#fff')).toBeNull();
    expect(accentPalette('#12345g')).toBeNull();
  });

  it('any colour gives a primary with >= 4.5:1 against white and its own soft tint', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const palette = accentPalette(`#${value.toString(16).padStart(6, '0')}`);
        expect(palette).not.toBeNull();
        if (!palette) return;
        expect(contrast(palette.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
        expect(contrast(palette.primary, palette.soft)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});
