/**
 * Short tones through Web Audio, so that a warning reaches a customer who is not looking at the
 * screen (issue 31: a timed response is announced through more than one sense). No audio file:
 * nothing to fetch, and it plays through a plugged-in headset like the speech does.
 */
export type Chime = 'idle' | 'call';

// Two falling tones for "are you still there?", two rising ones for a call for help.
const TONES: Record<Chime, readonly number[]> = { idle: [880, 660], call: [660, 990] };
const TONE_S = 0.22;

let context: AudioContext | null = null;

export function playChime(chime: Chime): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    // Created before a tap, the context starts suspended (autoplay policy); a warning comes after
    // the customer's taps, so resuming is allowed.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    TONES[chime].forEach((frequency, index) => {
      if (!context) return;
      const at = start + index * TONE_S;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + TONE_S);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + TONE_S);
    });
  } catch {
    // No audio device or a refused context: the warning still shows and (in audio mode) speaks.
  }
}
