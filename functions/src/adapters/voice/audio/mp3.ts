import { Mp3Encoder } from '@breezystack/lamejs';

/** Speech quality is fine at 64 kbit/s mono: a 30-minute narration stays near 14 MB. */
const KBPS = 64;
const BLOCK = 1152 * 16;

/**
 * Encodes mono float PCM to MP3 in-process (lamejs, pure JavaScript). Feed it piece by piece so a
 * long narration never holds the whole PCM and the whole MP3 twice.
 */
export class Mp3Writer {
  private readonly encoder: Mp3Encoder;
  private readonly parts: Uint8Array[] = [];
  private samples = 0;

  constructor(readonly sampleRate: number) {
    this.encoder = new Mp3Encoder(1, sampleRate, KBPS);
  }

  write(pcm: Int16Array): void {
    this.samples += pcm.length;
    for (let i = 0; i < pcm.length; i += BLOCK) {
      const out = this.encoder.encodeBuffer(pcm.subarray(i, i + BLOCK));
      if (out.length) this.parts.push(out.slice());
    }
  }

  /** The whole file, and the seconds of audio written. */
  finish(): { mp3: Uint8Array; duration: number } {
    const tail = this.encoder.flush();
    if (tail.length) this.parts.push(tail.slice());
    const size = this.parts.reduce((n, p) => n + p.length, 0);
    const mp3 = new Uint8Array(size);
    let at = 0;
    for (const part of this.parts) {
      mp3.set(part, at);
      at += part.length;
    }
    this.parts.length = 0;
    return { mp3, duration: this.samples / this.sampleRate };
  }
}

export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 32768 : s * 32767;
  }
  return out;
}
