import { oggPackets } from './ogg.ts';
import { AudioFormatError, AudioLimitError, decodeWav, type PcmAudio } from './wav.ts';
import { demuxWebm } from './webm.ts';

/** Containers recognised by their first bytes (the upload's declared type is never trusted). */
export type AudioContainer = 'wav' | 'mp3' | 'ogg' | 'webm' | 'mp4';

/** The container of an audio file from its magic bytes; undefined when it is not one we accept. */
export function sniffAudio(bytes: Uint8Array): AudioContainer | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return undefined;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0) return 'mp3';
  return undefined;
}

/** The content type the media bucket stores for each container. */
export const AUDIO_CONTENT_TYPES: Record<AudioContainer, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  mp4: 'audio/mp4',
};

export const AUDIO_EXTENSIONS: Record<AudioContainer, string> = {
  wav: 'wav',
  mp3: 'mp3',
  ogg: 'ogg',
  webm: 'webm',
  mp4: 'm4a',
};

/** Limits of one decode: a hard cap on the audio it produces and a time budget. */
export interface DecodeLimits {
  /** Decoding stops with AudioLimitError once it has produced more than this (default: no cap). */
  maxSeconds?: number;
  /** ... or once it has run this long (default 15 s; a 5-minute sample decodes in about one). */
  budgetMs?: number;
}

const DEFAULT_BUDGET_MS = 15_000;
/** Input fed to the streaming decoders at a time: the cap is checked between pieces. */
const PIECE_BYTES = 64 * 1024;
const PIECE_PACKETS = 250;

/**
 * Collects decoded audio as mono, piece by piece, and stops the decode the moment it passes its cap
 * or its budget: a file that lies about its length never fills memory.
 */
class MonoSink {
  private readonly parts: Float32Array[] = [];
  private total = 0;
  private rate = 0;
  private readonly deadline: number;

  constructor(private readonly limits: DecodeLimits) {
    this.deadline = performance.now() + (limits.budgetMs ?? DEFAULT_BUDGET_MS);
  }

  add(out: { channelData: Float32Array[]; samplesDecoded: number; sampleRate: number }): void {
    this.check();
    const n = out.samplesDecoded;
    if (n === 0) return;
    if (!(out.sampleRate > 0)) throw new AudioFormatError('decoder reported no sample rate');
    if (this.rate && out.sampleRate !== this.rate) throw new AudioFormatError('sample rate changes mid-file');
    this.rate = out.sampleRate;
    const channels = out.channelData.filter((c) => c.length >= n);
    if (channels.length === 0) return;
    const mono = channels[0]!.slice(0, n);
    for (const channel of channels.slice(1)) for (let i = 0; i < n; i++) mono[i]! += channel[i]!;
    if (channels.length > 1) for (let i = 0; i < n; i++) mono[i]! /= channels.length;
    this.parts.push(mono);
    this.total += n;
    if (this.total / this.rate > (this.limits.maxSeconds ?? Number.POSITIVE_INFINITY))
      throw new AudioLimitError(`decoded more than ${this.limits.maxSeconds} s`);
  }

  /** Throws when the time budget is spent (called between pieces). */
  check(): void {
    if (performance.now() > this.deadline) throw new AudioLimitError('decoding took longer than its budget');
  }

  result(): PcmAudio {
    if (this.total === 0) throw new AudioFormatError('no audio decoded');
    const samples = new Float32Array(this.total);
    let at = 0;
    for (const part of this.parts) {
      samples.set(part, at);
      at += part.length;
    }
    return { samples, sampleRate: this.rate };
  }
}

/** Opus packets to PCM; `head` is the OpusHead (channel count, pre-skip). */
async function decodeOpus(head: Uint8Array | undefined, packets: Uint8Array[], sink: MonoSink): Promise<PcmAudio> {
  const channels = Math.min(Math.max(head?.[9] ?? 1, 1), 2);
  const preSkip = head && head.length >= 12 ? head[10]! | (head[11]! << 8) : 0;
  const { OpusDecoder } = await import('opus-decoder');
  const decoder = new OpusDecoder({ channels, preSkip });
  await decoder.ready;
  try {
    for (let i = 0; i < packets.length; i += PIECE_PACKETS)
      sink.add(decoder.decodeFrames(packets.slice(i, i + PIECE_PACKETS)));
    return sink.result();
  } finally {
    decoder.free();
  }
}

async function decodeMp3(bytes: Uint8Array, sink: MonoSink): Promise<PcmAudio> {
  const { MPEGDecoder } = await import('mpg123-decoder');
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    for (let at = 0; at < bytes.length; at += PIECE_BYTES)
      sink.add(decoder.decode(bytes.subarray(at, at + PIECE_BYTES)));
    return sink.result();
  } finally {
    decoder.free();
  }
}

async function decodeVorbis(bytes: Uint8Array, sink: MonoSink): Promise<PcmAudio> {
  const { OggVorbisDecoder } = await import('@wasm-audio-decoders/ogg-vorbis');
  const decoder = new OggVorbisDecoder();
  await decoder.ready;
  try {
    for (let at = 0; at < bytes.length; at += PIECE_BYTES)
      sink.add(await decoder.decode(bytes.subarray(at, at + PIECE_BYTES)));
    sink.add(await decoder.flush());
    return sink.result();
  } finally {
    decoder.free();
  }
}

/**
 * Decodes an accepted voice sample to mono PCM with npm packages alone (WASM decoders, no ffmpeg),
 * streaming piece by piece under `limits` (a cap on the audio produced and a time budget): call
 * probeAudio first, and pass a cap a little over what it measured.
 * MP4/M4A (AAC) has no pure-npm decoder here: the app converts such files to WAV in the browser
 * before upload (docs/voice.md), so an M4A reaching the server is refused with a clear message.
 */
export async function decodeAudio(bytes: Uint8Array, limits: DecodeLimits = {}): Promise<PcmAudio> {
  const container = sniffAudio(bytes);
  const sink = new MonoSink(limits);
  switch (container) {
    case 'wav':
      return decodeWav(bytes, limits.maxSeconds);
    case 'mp3':
      return decodeMp3(bytes, sink);
    case 'ogg': {
      const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512));
      if (head.includes('OpusHead')) {
        const [opusHead, , ...audio] = oggPackets(bytes);
        if (!opusHead) throw new AudioFormatError('Ogg Opus file without its header');
        return decodeOpus(opusHead, audio, sink);
      }
      return decodeVorbis(bytes, sink);
    }
    case 'webm': {
      const track = demuxWebm(bytes);
      if (track.codec !== 'A_OPUS') throw new AudioFormatError(`WebM audio codec ${track.codec} is not supported`);
      return decodeOpus(track.codecPrivate, track.packets, sink);
    }
    case 'mp4':
      throw new AudioFormatError('M4A/AAC is converted to WAV by the app before upload');
    default:
      throw new AudioFormatError('not an audio file we can read');
  }
}
