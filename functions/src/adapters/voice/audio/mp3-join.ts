/**
 * Joins MP3 files into ONE valid MP3 with ONE correct Xing/Info frame (docs/voice.md, "Long texts").
 *
 * Each provider response is a file of its own, and an encoder like LAME starts it with an Info (CBR) or
 * Xing (VBR) frame holding that file's frame count. Browsers take the duration from the first such frame,
 * so a naive concatenation plays as long as its first part says (a player showed 4.6 s of a 10.3 s
 * narration). Here every part's tags and Info/Xing/VBRI frames are dropped, the audio frames are
 * concatenated, and one Info frame for the whole stream is written in front (frames, bytes, TOC).
 * Frame layout: ISO/IEC 11172-3 and 13818-3 headers; the Xing/Info tag as LAME writes it (VbrTag.c).
 */
const BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export interface Mp3Frame {
  offset: number;
  length: number;
  /** MPEG version bits: 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5. */
  version: number;
  sampleRate: number;
  samples: number;
  mono: boolean;
  bitrateIndex: number;
}

function id3v2Length(bytes: Uint8Array, at: number): number {
  if (bytes[at] !== 0x49 || bytes[at + 1] !== 0x44 || bytes[at + 2] !== 0x33 || at + 10 > bytes.length) return 0;
  const size =
    ((bytes[at + 6]! & 0x7f) << 21) |
    ((bytes[at + 7]! & 0x7f) << 14) |
    ((bytes[at + 8]! & 0x7f) << 7) |
    (bytes[at + 9]! & 0x7f);
  const footer = bytes[at + 5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** The frame header at `at`, or undefined when those bytes are not one (layer III only). */
export function frameAt(bytes: Uint8Array, at: number): Mp3Frame | undefined {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (bytes[at + 1]! >> 3) & 0x03;
  const layer = (bytes[at + 1]! >> 1) & 0x03;
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 0x03;
  const padding = (bytes[at + 2]! >> 1) & 0x01;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const sampleRate = RATES[version]![rateIndex]!;
  const bitrate = (version === 3 ? BITRATES.v1 : BITRATES.v2)[bitrateIndex]! * 1000;
  const samples = version === 3 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  const mono = bytes[at + 3]! >> 6 === 3;
  return { offset: at, length, version, sampleRate, samples, mono, bitrateIndex };
}

/** Where the Xing/Info tag sits in a frame: after the header (4) and the side information. */
function sideInfoEnd(frame: Pick<Mp3Frame, 'version' | 'mono'>): number {
  if (frame.version === 3) return 4 + (frame.mono ? 17 : 32);
  return 4 + (frame.mono ? 9 : 17);
}

const ascii = (bytes: Uint8Array, at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));

/** A Xing/Info (LAME) or VBRI (Fraunhofer) frame: a header frame, not audio. */
export function isTagFrame(bytes: Uint8Array, frame: Mp3Frame): boolean {
  const tag = ascii(bytes, frame.offset + sideInfoEnd(frame), 4);
  return tag === 'Xing' || tag === 'Info' || ascii(bytes, frame.offset + 36, 4) === 'VBRI';
}

/**
 * The audio frames of one file, in order: ID3v2 tags, a trailing ID3v1 tag, Xing/Info/VBRI frames and
 * stray bytes are left out. A frame is accepted only where the next one follows it (or the file ends),
 * so bytes inside a tag that look like a sync word are not taken for audio.
 */
export function audioFrames(bytes: Uint8Array): Mp3Frame[] {
  let end = bytes.length;
  if (end >= 128 && ascii(bytes, end - 128, 3) === 'TAG') end -= 128;
  const view = bytes.subarray(0, end);
  const frames: Mp3Frame[] = [];
  let at = 0;
  while (at + 4 <= view.length) {
    const tag = id3v2Length(view, at);
    if (tag) {
      at += tag;
      continue;
    }
    const frame = frameAt(view, at);
    const next = frame ? frame.offset + frame.length : 0;
    if (!frame || (next < view.length && next + 4 <= view.length && !frameAt(view, next)) || next > view.length) {
      at++;
      continue;
    }
    if (!isTagFrame(view, frame)) frames.push(frame);
    at = next;
  }
  return frames;
}

/** Seconds of audio in one MP3 (its audio frames; the Info frame is not audio). */
export function mp3Seconds(bytes: Uint8Array): number {
  return audioFrames(bytes).reduce((s, f) => s + f.samples / f.sampleRate, 0);
}

/**
 * An Info frame (CBR; "Xing" when the bitrates differ) for `frames` audio frames of `audioBytes` bytes,
 * shaped like `model` (same version, rate, channels), with a 100-entry TOC from the frame offsets.
 */
function infoFrame(model: Mp3Frame, source: Uint8Array, frames: readonly Mp3Frame[], vbr: boolean): Uint8Array {
  const tagAt = sideInfoEnd(model);
  const needed = tagAt + 4 + 4 + 4 + 4 + 100;
  // Pick the lowest bitrate whose frame holds the tag (a frame's length follows from its bitrate).
  const table = model.version === 3 ? BITRATES.v1 : BITRATES.v2;
  let bitrateIndex = model.bitrateIndex;
  const lengthAt = (index: number) => Math.floor(((model.samples / 8) * table[index]! * 1000) / model.sampleRate);
  while (lengthAt(bitrateIndex) < needed && bitrateIndex < 14) bitrateIndex++;
  const length = lengthAt(bitrateIndex);
  const out = new Uint8Array(length);
  // The model's header, without CRC (protection bit 1) and padding, at the chosen bitrate.
  out[0] = 0xff;
  out[1] = source[model.offset + 1]! | 0x01;
  out[2] = (bitrateIndex << 4) | (source[model.offset + 2]! & 0x0c);
  out[3] = source[model.offset + 3]!;
  const audioBytes = frames.reduce((n, f) => n + f.length, 0);
  const total = length + audioBytes;
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(vbr ? 'Xing' : 'Info'), tagAt);
  view.setUint32(tagAt + 4, 0x1 | 0x2 | 0x4); // frames, bytes, TOC
  view.setUint32(tagAt + 8, frames.length);
  view.setUint32(tagAt + 12, total);
  // TOC: for each percent of the duration, where that frame starts, as 1/256 of the file.
  const starts: number[] = [];
  let position = length;
  for (const f of frames) {
    starts.push(position);
    position += f.length;
  }
  for (let i = 0; i < 100; i++) {
    const frame = Math.min(frames.length - 1, Math.floor((i / 100) * frames.length));
    out[tagAt + 16 + i] = Math.min(255, Math.floor(((starts[frame] ?? 0) / total) * 256));
  }
  return out;
}

/**
 * One MP3 from several: every part's audio frames, in order, behind one Info frame for the whole. The
 * parts must share version, sample rate and channels (one provider format); a part that differs is
 * refused rather than joined into a file players would misread.
 */
export function joinMp3(parts: readonly Uint8Array[]): Uint8Array {
  const pieces = parts.map((bytes) => ({ bytes, frames: audioFrames(bytes) }));
  const all = pieces.flatMap((p) => p.frames.map((f) => ({ f, bytes: p.bytes })));
  if (all.length === 0) return new Uint8Array(0);
  const first = all[0]!;
  for (const { f } of all) {
    if (f.sampleRate !== first.f.sampleRate || f.mono !== first.f.mono || f.version !== first.f.version) {
      throw new Error('MP3 parts differ in sample rate or channels and cannot be joined');
    }
  }
  const vbr = all.some(({ f }) => f.bitrateIndex !== first.f.bitrateIndex);
  const header = infoFrame(
    first.f,
    first.bytes,
    all.map(({ f }) => f),
    vbr,
  );
  const out = new Uint8Array(header.length + all.reduce((n, { f }) => n + f.length, 0));
  out.set(header, 0);
  let at = header.length;
  for (const { f, bytes } of all) {
    out.set(bytes.subarray(f.offset, f.offset + f.length), at);
    at += f.length;
  }
  return out;
}
