/**
 * How audio mode was started (a key, or the three-finger tap): audio-entry.ts on the first screen
 * sets it, the lazily loaded AudioLayer reads it to explain that way of using audio mode.
 */
let entry: 'keys' | 'touch' = 'keys';

export function audioEntry(): 'keys' | 'touch' {
  return entry;
}

export function setAudioEntry(how: 'keys' | 'touch'): void {
  entry = how;
}
