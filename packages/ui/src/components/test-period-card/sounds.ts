// The stop and fail sounds of spec §4, made as short tones with the Web Audio API (no audio files to ship).

interface Tone {
  frequency: number;
  ms: number;
  type?: OscillatorType;
}

export interface TestPeriodSounds {
  /** The period has just run out. */
  playStop(): void;
  /** Activation failed. */
  playFail(): void;
}

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  // A context made before any user gesture starts suspended; resuming may still be refused, then it stays silent.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/** Plays the tones one after another, each faded in and out so it does not click. */
export function playTones(tones: readonly Tone[], volume = 0.15): void {
  const ctx = audioContext();
  if (!ctx) return;
  let start = ctx.currentTime;
  for (const { frequency, ms, type = 'sine' } of tones) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    const end = start + ms / 1000;
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.02);
    start = end;
  }
}

export const webAudioSounds: TestPeriodSounds = {
  // Two falling notes: time is up.
  playStop: () =>
    playTones([
      { frequency: 880, ms: 180 },
      { frequency: 587, ms: 260 },
    ]),
  // A low double buzz: it did not work.
  playFail: () =>
    playTones(
      [
        { frequency: 196, ms: 140, type: 'square' },
        { frequency: 147, ms: 220, type: 'square' },
      ],
      0.08,
    ),
};
