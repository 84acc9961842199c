/** MPEG audio frame headers, read by hand: the duration of an MP3 without decoding it. */
const BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

/** Skips an ID3v2 tag at the start, if any. */
function audioStart(bytes: Uint8Array): number {
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33 && bytes.length >= 10) {
    const size =
      ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    return 10 + size;
  }
  return 0;
}

/** Seconds of audio in an MPEG layer III stream (frames counted; a Xing/Info frame counts as silence). */
export function mp3Duration(bytes: Uint8Array): number {
  let at = audioStart(bytes);
  let seconds = 0;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) {
      at++;
      continue;
    }
    const version = (bytes[at + 1]! >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (bytes[at + 1]! >> 1) & 0x03; // 1: layer III
    const bitrateIndex = bytes[at + 2]! >> 4;
    const rateIndex = (bytes[at + 2]! >> 2) & 0x03;
    const padding = (bytes[at + 2]! >> 1) & 0x01;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      at++;
      continue;
    }
    const sampleRate = RATES[version as 3 | 2 | 0][rateIndex]!;
    const bitrate = (version === 3 ? BITRATES.v1 : BITRATES.v2)[bitrateIndex]! * 1000;
    const samplesPerFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
    seconds += samplesPerFrame / sampleRate;
    at += Math.max(length, 1);
  }
  return seconds;
}

/** Joins MP3 files into one stream (frames concatenate; leading ID3 tags of the later parts are dropped). */
export function concatMp3(parts: readonly Uint8Array[]): Uint8Array {
  const trimmed = parts.map((p, i) => (i === 0 ? p : p.subarray(audioStart(p))));
  const out = new Uint8Array(trimmed.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of trimmed) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
