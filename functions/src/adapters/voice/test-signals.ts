/**
 * Voice-like test signals made in code (no recordings in the repository): a glottal pulse train with
 * a gently moving pitch, shaped into syllables. Used by the voice unit tests and the benchmark.
 */
export function voiceLikeSignal(opts: {
  medianHz: number;
  seconds: number;
  sampleRate?: number;
  /** Syllables a second. */
  syllableRate?: number;
}): Float32Array {
  const rate = opts.sampleRate ?? 22_050;
  const syllables = opts.syllableRate ?? 4.5;
  const out = new Float32Array(Math.round(opts.seconds * rate));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    // Pitch wanders ±6% around the median (symmetrically, so the median stays put).
    const hz = opts.medianHz * (1 + 0.06 * Math.sin(2 * Math.PI * 0.3 * t));
    phase += hz / rate;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(2 * Math.PI * h * phase) / h ** 1.2;
    // Syllables: a raised-cosine envelope, with a short pause every two seconds, like breathing between phrases.
    const envelope = Math.max(0, Math.sin(Math.PI * syllables * t)) ** 2;
    const breath = t % 2 > 1.8 ? 0 : 1;
    out[i] = 0.25 * v * envelope * breath;
  }
  return out;
}
