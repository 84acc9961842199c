/**
 * A YIN pitch tracker (de Cheveigné & Kawahara, 2002) and a speaking-rate estimate, used to fit the
 * local voice to a user's sample and, in tests, to check that it did.
 */

export interface PitchOptions {
  /** Lowest and highest fundamental frequency searched, Hz. */
  minHz?: number;
  maxHz?: number;
  /** Frame hop, seconds. */
  hopSeconds?: number;
  /** Cumulative-mean-normalised difference below which a frame counts as voiced. */
  threshold?: number;
  /**
   * At most this many frames are analysed, spread evenly over the audio (a median needs no more, and
   * a long sample would otherwise hold the process for seconds). Default 1500.
   */
  maxFrames?: number;
}

/** Fundamental frequency of each voiced frame, Hz (unvoiced and silent frames are left out). */
export function trackPitch(samples: Float32Array, sampleRate: number, opts: PitchOptions = {}): number[] {
  if (!(sampleRate >= 1000)) return [];
  const minHz = opts.minHz ?? 60;
  const maxHz = opts.maxHz ?? 500;
  const threshold = opts.threshold ?? 0.15;
  // Work at ~11 kHz or less: plenty for voice F0 and four times cheaper than 44.1 kHz.
  const factor = Math.max(1, Math.floor(sampleRate / 11_025));
  const x = factor > 1 ? decimate(samples, factor) : samples;
  const rate = sampleRate / factor;
  const minLag = Math.max(2, Math.floor(rate / maxHz));
  const maxLag = Math.ceil(rate / minHz);
  const window = maxLag; // integration window: one period of the lowest pitch
  const frames = Math.max(
    1,
    Math.floor((x.length - window - maxLag) / Math.max(1, Math.round((opts.hopSeconds ?? 0.01) * rate))),
  );
  const hop =
    Math.max(1, Math.round((opts.hopSeconds ?? 0.01) * rate)) *
    Math.max(1, Math.ceil(frames / (opts.maxFrames ?? 1500)));
  const silence = silenceFloor(x);
  const diff = new Float64Array(maxLag + 1);
  const found: number[] = [];
  for (let start = 0; start + window + maxLag < x.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + window; i++) energy += x[i]! * x[i]!;
    if (Math.sqrt(energy / window) < silence) continue;
    // Difference function d(tau) and its cumulative mean normalisation d'(tau).
    diff[0] = 1;
    let running = 0;
    let chosen = -1;
    for (let tau = 1; tau <= maxLag; tau++) {
      let sum = 0;
      for (let i = start; i < start + window; i++) {
        const d = x[i]! - x[i + tau]!;
        sum += d * d;
      }
      running += sum;
      diff[tau] = running > 0 ? (sum * tau) / running : 1;
    }
    for (let tau = minLag; tau <= maxLag; tau++) {
      if (diff[tau]! < threshold) {
        while (tau + 1 <= maxLag && diff[tau + 1]! < diff[tau]!) tau++;
        chosen = tau;
        break;
      }
    }
    if (chosen < 0) continue;
    found.push(rate / refine(diff, chosen, maxLag));
  }
  return found;
}

/** Median F0 of the voiced frames, Hz; undefined when almost nothing is voiced. */
export function medianPitch(samples: Float32Array, sampleRate: number, opts?: PitchOptions): number | undefined {
  const pitches = trackPitch(samples, sampleRate, opts);
  if (pitches.length < 10) return undefined;
  return median(pitches);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Parabolic interpolation around the chosen lag, for sub-sample accuracy. */
function refine(diff: Float64Array, tau: number, maxLag: number): number {
  if (tau < 1 || tau >= maxLag) return tau;
  const a = diff[tau - 1]!;
  const b = diff[tau]!;
  const c = diff[tau + 1]!;
  const denominator = a - 2 * b + c;
  return denominator === 0 ? tau : tau + (a - c) / (2 * denominator);
}

/** Averages each run of `factor` samples (a crude low-pass before dropping samples, enough for F0). */
function decimate(samples: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let j = 0; j < factor; j++) sum += samples[i * factor + j]!;
    out[i] = sum / factor;
  }
  return out;
}

/** RMS below which a frame is silence: a fraction of the loud frames' level, and never below a noise floor. */
function silenceFloor(x: Float32Array): number {
  const frame = 256;
  const levels: number[] = [];
  for (let start = 0; start + frame <= x.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += x[i]! * x[i]!;
    levels.push(Math.sqrt(energy / frame));
  }
  if (levels.length === 0) return Number.POSITIVE_INFINITY;
  levels.sort((a, b) => a - b);
  const loud = levels[Math.floor(levels.length * 0.95)]!;
  return Math.max(loud * 0.1, 1e-3);
}

export interface SpeechStats {
  /** Seconds of audio. */
  duration: number;
  /** Seconds of speaking: the whole minus pauses longer than 250 ms. */
  speechSeconds: number;
  /** Median fundamental frequency, Hz; undefined when the audio holds (almost) no voice. */
  medianHz: number | undefined;
  /** Syllable-like energy peaks per second of speech. */
  syllablesPerSecond: number;
}

/** What the local engine needs to know about a sample: how long, how much voice, how high, how fast. */
export function analyseSpeech(samples: Float32Array, sampleRate: number): SpeechStats {
  // A decoder that read no header reports 0 Hz: a 0-sample frame would never advance (issue 18).
  if (!(sampleRate >= 1000)) return { duration: 0, speechSeconds: 0, medianHz: undefined, syllablesPerSecond: 0 };
  const frame = Math.round(sampleRate * 0.01);
  const levels: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += samples[i]! * samples[i]!;
    levels.push(Math.sqrt(energy / frame));
  }
  const sorted = [...levels].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const floor = Math.max(loud * 0.1, 1e-3);
  // Speaking time: everything but pauses longer than 250 ms (the gaps between syllables count as speech).
  let pauseFrames = 0;
  let run = 0;
  for (const level of [...levels, Number.POSITIVE_INFINITY]) {
    if (level < floor) run++;
    else {
      if (run >= 25) pauseFrames += run;
      run = 0;
    }
  }
  const speechFrames = levels.length - pauseFrames;
  // Smooth the envelope over 50 ms and count its peaks that rise clearly above the dips around them.
  const smooth = levels.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(levels.length - 1, i + 2); j++, n++) sum += levels[j]!;
    return sum / n;
  });
  let peaks = 0;
  let valley = Number.POSITIVE_INFINITY;
  let rising = false;
  for (let i = 1; i < smooth.length; i++) {
    const v = smooth[i]!;
    valley = Math.min(valley, v);
    if (v > smooth[i - 1]!) rising = true;
    else if (rising && v < smooth[i - 1]!) {
      const peak = smooth[i - 1]!;
      if (peak >= floor * 2 && peak > valley * 1.5) {
        peaks++;
        valley = v;
      }
      rising = false;
    }
  }
  const speechSeconds = (speechFrames * frame) / sampleRate;
  return {
    duration: samples.length / sampleRate,
    speechSeconds,
    medianHz: medianPitch(samples, sampleRate),
    syllablesPerSecond: speechSeconds > 0 ? peaks / speechSeconds : 0,
  };
}
