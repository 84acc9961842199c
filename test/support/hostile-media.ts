import type { UploadKind } from '@storyloom/shared/media';
import {
  gifOfSize,
  jpegOfSize,
  m4aFile,
  OPUS_BOMB_PACKET,
  oggOpusOf,
  oggVorbisFile,
  pngOfSize,
  webmOpusOf,
  webpOfSize,
  withLastGranule,
} from './media-containers.ts';
import { mp3File, wavFile } from './media-files.ts';

/**
 * Truncated, lying and bomb files of every accepted type, made in memory (issue 18), for the unit
 * tests of the probe, the API fuzz test and `npm run bench -- media`. Every one must be refused with
 * a 4xx, quickly, without decoding what it claims.
 */
export interface HostileFile {
  name: string;
  /** What it is sent as. */
  kind: UploadKind;
  contentType: string;
  bytes: Buffer;
}

/** A WAV header with the given format fields, followed by `dataBytes` bytes of silence. */
export function wavHeaderFile(opts: {
  sampleRate: number;
  channels: number;
  bits?: number;
  dataBytes: number;
}): Buffer {
  const bits = opts.bits ?? 16;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + opts.dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(opts.channels, 22);
  header.writeUInt32LE(opts.sampleRate, 24);
  header.writeUInt32LE((opts.sampleRate * opts.channels * bits) / 8, 28);
  header.writeUInt16LE((opts.channels * bits) / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(opts.dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(opts.dataBytes)]);
}

/**
 * MPEG-2.5 layer III frames at 8 kHz and 8 kbit/s with empty payloads: 72 bytes for 72 ms each, the
 * densest MP3 there is (a few hundred KB hold the length of a film).
 */
export function mp3DenseFrames(count: number): Buffer {
  const frame = Buffer.alloc(72);
  frame.set([0xff, 0xe2, 0x18, 0xc4]); // sync, MPEG-2.5, layer III, 8 kbit/s, 8 kHz, mono
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

const SAMPLE = 'voice-sample' as const;
const STORY = 'story-audio' as const;

let made: Promise<HostileFile[]> | undefined;

/** The whole set, made once per process (Ogg Vorbis is encoded by a WASM encoder, hence async). */
export function hostileFiles(): Promise<HostileFile[]> {
  made ??= makeHostileFiles();
  return made;
}

async function makeHostileFiles(): Promise<HostileFile[]> {
  const mp3 = mp3File(8);
  const vorbis = await oggVorbisFile(20);
  const opusBomb = Array.from({ length: 12_000 }, () => OPUS_BOMB_PACKET); // 24 minutes in ~37 KB
  const files: HostileFile[] = [
    // WAV
    {
      name: 'wav 44 bytes declaring 0 Hz',
      kind: SAMPLE,
      contentType: 'audio/wav',
      bytes: wavHeaderFile({ sampleRate: 0, channels: 1, dataBytes: 0 }),
    },
    {
      name: 'wav 0 Hz with data',
      kind: SAMPLE,
      contentType: 'audio/wav',
      bytes: wavHeaderFile({ sampleRate: 0, channels: 1, dataBytes: 64_000 }),
    },
    {
      name: 'wav zero channels',
      kind: SAMPLE,
      contentType: 'audio/wav',
      bytes: wavHeaderFile({ sampleRate: 16_000, channels: 0, dataBytes: 64_000 }),
    },
    {
      name: 'wav 1 Hz',
      kind: STORY,
      contentType: 'audio/wav',
      bytes: wavHeaderFile({ sampleRate: 1, channels: 1, dataBytes: 64_000 }),
    },
    {
      name: 'wav without audio frames',
      kind: STORY,
      contentType: 'audio/wav',
      bytes: wavHeaderFile({ sampleRate: 16_000, channels: 1, dataBytes: 1 }),
    },
    {
      name: 'wav 6 minutes (over the sample limit)',
      kind: SAMPLE,
      contentType: 'audio/wav',
      bytes: wavHeaderFile({ sampleRate: 8_000, channels: 1, bits: 8, dataBytes: 8_000 * 360 }),
    },
    { name: 'wav truncated to 130 bytes', kind: SAMPLE, contentType: 'audio/wav', bytes: wavFile(2).subarray(0, 130) },
    // MP3
    { name: 'mp3 truncated to 130 bytes', kind: SAMPLE, contentType: 'audio/mpeg', bytes: mp3.subarray(0, 130) },
    { name: 'mp3 truncated to 130 bytes (story)', kind: STORY, contentType: 'audio/mpeg', bytes: mp3.subarray(0, 130) },
    {
      name: 'mp3 header only',
      kind: SAMPLE,
      contentType: 'audio/mpeg',
      bytes: Buffer.concat([Buffer.from('ID3\x03\0\0\0\0\0\0'), Buffer.from([0xff, 0xfb, 0x90, 0x64])]),
    },
    {
      name: 'mp3 dense frames, 6 minutes in 360 KB',
      kind: SAMPLE,
      contentType: 'audio/mpeg',
      bytes: mp3DenseFrames(5_000),
    },
    {
      name: 'mp3 dense frames, 3.5 hours in 12.6 MB',
      kind: STORY,
      contentType: 'audio/mpeg',
      bytes: mp3DenseFrames(175_000),
    },
    // Ogg Opus
    {
      name: 'ogg opus bomb: 37 KB, 24 minutes, declares 3 s',
      kind: SAMPLE,
      contentType: 'audio/ogg',
      bytes: oggOpusOf(opusBomb, 3),
    },
    {
      name: 'ogg opus bomb declaring 3 s (story)',
      kind: STORY,
      contentType: 'audio/ogg',
      bytes: oggOpusOf(opusBomb, 3),
    },
    {
      name: 'ogg opus 24 minutes, honest header (sample)',
      kind: SAMPLE,
      contentType: 'audio/ogg',
      bytes: oggOpusOf(opusBomb, 24 * 60),
    },
    {
      name: 'ogg opus truncated to 130 bytes',
      kind: SAMPLE,
      contentType: 'audio/ogg',
      bytes: oggOpusOf(opusBomb, 3).subarray(0, 130),
    },
    { name: 'ogg opus without audio packets', kind: STORY, contentType: 'audio/ogg', bytes: oggOpusOf([], 0) },
    // Ogg Vorbis
    {
      name: 'ogg vorbis declaring 0.1 s of 20 s',
      kind: SAMPLE,
      contentType: 'audio/ogg',
      bytes: withLastGranule(vorbis, 1_600n),
    },
    {
      name: 'ogg vorbis declaring 0.1 s of 20 s (story)',
      kind: STORY,
      contentType: 'audio/ogg',
      bytes: withLastGranule(vorbis, 1_600n),
    },
    {
      name: 'ogg vorbis truncated to 130 bytes',
      kind: SAMPLE,
      contentType: 'audio/ogg',
      bytes: vorbis.subarray(0, 130),
    },
    // WebM
    {
      name: 'webm opus bomb declaring 3 s',
      kind: SAMPLE,
      contentType: 'audio/webm',
      bytes: webmOpusOf(opusBomb, { durationMs: 3000 }),
    },
    {
      name: 'webm opus 24 minutes, no duration (live recording)',
      kind: SAMPLE,
      contentType: 'audio/webm',
      bytes: webmOpusOf(opusBomb),
    },
    {
      name: 'webm opus at 0 Hz',
      kind: STORY,
      contentType: 'audio/webm',
      bytes: webmOpusOf([OPUS_BOMB_PACKET], { sampleRate: 0 }),
    },
    {
      name: 'webm truncated to 130 bytes',
      kind: SAMPLE,
      contentType: 'audio/webm',
      bytes: webmOpusOf(opusBomb).subarray(0, 130),
    },
    // M4A
    { name: 'm4a at 0 Hz', kind: STORY, contentType: 'audio/mp4', bytes: m4aFile({ seconds: 10, sampleRate: 0 }) },
    {
      name: 'm4a with zero channels',
      kind: STORY,
      contentType: 'audio/mp4',
      bytes: m4aFile({ seconds: 10, channels: 0 }),
    },
    { name: 'm4a declaring 40 hours', kind: STORY, contentType: 'audio/mp4', bytes: m4aFile({ seconds: 40 * 3600 }) },
    {
      name: 'm4a truncated to 130 bytes',
      kind: STORY,
      contentType: 'audio/mp4',
      bytes: m4aFile({ seconds: 10 }).subarray(0, 130),
    },
    // Pictures
    { name: 'png 40000 × 40000', kind: 'profile-image', contentType: 'image/png', bytes: pngOfSize(40_000, 40_000) },
    { name: 'png 8001 × 10', kind: 'profile-image', contentType: 'image/png', bytes: pngOfSize(8_001, 10) },
    { name: 'png 0 × 0', kind: 'profile-image', contentType: 'image/png', bytes: pngOfSize(0, 0) },
    {
      name: 'png truncated to 20 bytes',
      kind: 'profile-image',
      contentType: 'image/png',
      bytes: pngOfSize(100, 100).subarray(0, 20),
    },
    { name: 'jpeg 40000 × 40000', kind: 'profile-image', contentType: 'image/jpeg', bytes: jpegOfSize(40_000, 40_000) },
    { name: 'gif 40000 × 40000', kind: 'profile-image', contentType: 'image/gif', bytes: gifOfSize(40_000, 40_000) },
    { name: 'webp 40000 × 40000', kind: 'profile-image', contentType: 'image/webp', bytes: webpOfSize(40_000, 40_000) },
  ];
  return files;
}
