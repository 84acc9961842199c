/**
 * Counts the whole MPEG layer III frames of a file by their 4-byte headers, without decoding any:
 * what an MP3 really holds, however its tags or Xing header describe it. (mp3-frames.ts measures our
 * own and the provider's narrations; this one reads files from outside, so it also stops at a frame
 * cut off by the end of the file and reports the first frame's format.)
 */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export interface MpegFrames {
  /** Whole frames. */
  frames: number;
  /** Seconds of audio they hold (a Xing/Info frame counts as one frame of silence). */
  seconds: number;
  /** The first frame's sample rate and channel count (0 when there is no frame). */
  sampleRate: number;
  channels: number;
}

/** The ID3v2 tag's length at the start, if any (its size is a 28-bit "syncsafe" integer). */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  return (
    10 + (((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f))
  );
}

export function scanMpegFrames(bytes: Uint8Array): MpegFrames {
  const found: MpegFrames = { frames: 0, seconds: 0, sampleRate: 0, channels: 0 };
  let at = id3Length(bytes);
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) {
      at++;
      continue;
    }
    const version = (bytes[at + 1]! >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
    const layer = (bytes[at + 1]! >> 1) & 0x03; // 1: layer III
    const bitrateIndex = bytes[at + 2]! >> 4;
    const rateIndex = (bytes[at + 2]! >> 2) & 0x03;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      at++;
      continue;
    }
    const sampleRate = RATES[version]![rateIndex]!;
    const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
    const samplesPerFrame = version === 3 ? 1152 : 576;
    const length = Math.floor((samplesPerFrame / 8) * ((kbps * 1000) / sampleRate)) + ((bytes[at + 2]! >> 1) & 1);
    if (at + length > bytes.length) break;
    if (found.frames === 0) {
      found.sampleRate = sampleRate;
      found.channels = bytes[at + 3]! >> 6 === 3 ? 1 : 2;
    }
    found.frames++;
    found.seconds += samplesPerFrame / sampleRate;
    at += length;
  }
  return found;
}
