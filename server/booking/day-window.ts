export const DAY_MS = 86_400_000;

/**
 * The instants whose bookings can touch a wall-clock date in any zone: a day of slack each side,
 * since zone offsets are under 24 h. A slot of that date lies inside one working interval of the
 * date, so it starts and ends inside this window, and the busy list of the window holds every
 * booking it could overlap.
 */
export function dayWindow(date: string): { fromMs: number; toMs: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, m - 1, d);
  return { fromMs: start - DAY_MS, toMs: start + 2 * DAY_MS };
}
