/**
 * 16-bit PCM WAV encoding for the recorder (spec section 9: captured as webm, converted to 16-bit WAV).
 * Pure functions over samples, so they are unit tested without a browser.
 */

export { encodeWav } from '@storyloom/shared/wav';

/** Root mean square of a block of samples (the recorder's level meter), 0…1. */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

/** mm:ss for the recorder's timer; m:ss for players (spec section 2). */
export function formatClock(seconds: number, pad = false): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(whole / 60);
  const s = String(whole % 60).padStart(2, '0');
  return `${pad ? String(m).padStart(2, '0') : m}:${s}`;
}
