import { createMp3Encoder } from 'wasm-media-encoders';

/** Speech quality is fine at 64 kbit/s mono: a 30-minute narration stays near 14 MB. */
const KBPS = 64;
/** PCM handed to the encoder at a time (its input buffer lives in WASM memory). */
const BLOCK = 1152 * 16;

type WasmMp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;
/** Encoders whose file is finished, ready for the next one (configure() resets them). */
const idle: WasmMp3Encoder[] = [];

/**
 * Encodes mono float PCM to MP3 with LAME compiled to WebAssembly (`wasm-media-encoders`): the same
 * LAME as the pure-JavaScript lamejs it replaced, 4.3 times faster here at the same size
 * (docs/voice.md, benchmark). One encoder per file being written (a narration and a spoken answer
 * may be encoded at once), kept for the next file when finished. Feed it piece by piece so a long
 * narration never holds the whole PCM and the whole MP3 twice.
 */
export class Mp3Writer {
  private readonly parts: Uint8Array[] = [];
  private samples = 0;

  private constructor(
    readonly sampleRate: number,
    private readonly encoder: WasmMp3Encoder,
  ) {
    encoder.configure({ sampleRate, channels: 1, bitrate: KBPS });
  }

  static async create(sampleRate: number): Promise<Mp3Writer> {
    return new Mp3Writer(sampleRate, idle.pop() ?? (await createMp3Encoder()));
  }

  write(pcm: Float32Array): void {
    this.samples += pcm.length;
    for (let i = 0; i < pcm.length; i += BLOCK) {
      // The encoder owns the returned bytes until its next call: copy them out.
      const block = pcm.slice(i, i + BLOCK);
      // LAME's float input is -1..1; a resampler's overshoot on a full-scale peak must not wrap.
      for (let j = 0; j < block.length; j++) block[j] = Math.max(-1, Math.min(1, block[j]!));
      const out = this.encoder.encode([block]);
      if (out.length) this.parts.push(out.slice());
    }
  }

  /** The whole file, and the seconds of audio written. */
  finish(): { mp3: Uint8Array; duration: number } {
    const tail = this.encoder.finalize();
    if (tail.length) this.parts.push(tail.slice());
    const size = this.parts.reduce((n, p) => n + p.length, 0);
    const mp3 = new Uint8Array(size);
    let at = 0;
    for (const part of this.parts) {
      mp3.set(part, at);
      at += part.length;
    }
    this.parts.length = 0;
    idle.push(this.encoder);
    return { mp3, duration: this.samples / this.sampleRate };
  }
}
