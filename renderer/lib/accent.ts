/**
 * The shop's accent colour as the app's palette. IT or staff may pick any colour, so the
 * palette is made legible whatever they pick: the primary is darkened until white text on it
 * (buttons) and it as text on white reach RATIO (5.2:1), above WCAG AA's 4.5:1, with room for the
 * tinted backgrounds it also sits on.
 */
const RATIO = 5.2;

type Rgb = [number, number, number];

function parse(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match
    ? [parseInt(match[1] ?? '0', 16), parseInt(match[2] ?? '0', 16), parseInt(match[3] ?? '0', 16)]
    : null;
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)];
  if (!x || !y) return 1;
  const [l1, l2] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

function mix(a: Rgb, b: Rgb, weightOfB: number): Rgb {
  return [0, 1, 2].map((i) => a[i as 0] * (1 - weightOfB) + b[i as 0] * weightOfB) as Rgb;
}

export interface AccentPalette {
  primary: string;
  pressed: string;
  soft: string;
}

/** The palette of an accent colour (`#rrggbb`), or null for anything else. */
export function accentPalette(accent: string): AccentPalette | null {
  const original = parse(accent);
  if (!original) return null;
  // The tint keeps the shop's own hue; only the primary is darkened.
  const soft = hex(mix(original, [255, 255, 255], 0.9));
  let rgb = original;
  const legible = (candidate: string): boolean =>
    contrast(candidate, '#ffffff') >= RATIO && contrast(candidate, soft) >= RATIO - 0.5;
  for (let step = 0; step < 60 && !legible(hex(rgb)); step++) rgb = mix(rgb, [0, 0, 0], 0.06);
  return { primary: hex(rgb), pressed: hex(mix(rgb, [0, 0, 0], 0.25)), soft };
}
