import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * Small, valid media files made in memory for the media tests (no fixtures on disk, no sox or ffmpeg
 * on CI): a sine WAV, an mp3 encoded with lamejs, an Ogg Opus file of silence frames, a PNG.
 */

/** 16-bit PCM mono samples of a tone (with a little silence between beeps, so levels move). */
export function toneSamples(seconds: number, sampleRate: number, frequency = 440): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const on = t % 0.5 < 0.35 ? 1 : 0.05;
    samples[i] = Math.round(Math.sin(2 * Math.PI * frequency * t) * 12_000 * on);
  }
  return samples;
}

/** A 16-bit PCM mono WAV file. */
export function wavFile(seconds: number, sampleRate = 16_000, frequency = 440): Buffer {
  const samples = toneSamples(seconds, sampleRate, frequency);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** An mp3 of a tone, encoded with lamejs (mono, 64 kbit/s). */
export function mp3File(seconds: number, sampleRate = 22_050): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, 64);
  const samples = toneSamples(seconds, sampleRate, 330);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152) {
    const chunk = encoder.encodeBuffer(samples.subarray(i, i + 1152));
    if (chunk.length) parts.push(new Uint8Array(chunk));
  }
  const end = encoder.flush();
  if (end.length) parts.push(new Uint8Array(end));
  return Buffer.concat(parts);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  return crc;
}

export function oggPage(
  packets: Uint8Array[],
  granule: bigint,
  serial: number,
  sequence: number,
  flags: number,
): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'ascii');
  header.writeUInt8(0, 4);
  header.writeUInt8(flags, 5);
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt32LE(0, 22);
  header.writeUInt8(lacing.length, 26);
  for (const [i, v] of lacing.entries()) header.writeUInt8(v, 27 + i);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/**
 * An Ogg Opus file of `seconds` of silence: 20 ms CELT silence packets (TOC 0xF8, then 0xFF 0xFE),
 * 50 to a page. Chromium plays it, file-type detects it as audio/ogg (opus).
 */
export function oggOpusFile(seconds: number): Buffer {
  const serial = 0x5107;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48_000, 12);
  head.writeInt16LE(0, 16);
  head.writeUInt8(0, 18);
  const vendor = Buffer.from('storyloom-test');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  const pages = [oggPage([head], 0n, serial, 0, 0x02), oggPage([tags], 0n, serial, 1, 0)];
  const frames = Math.round(seconds * 50);
  const silence = Uint8Array.from([0xf8, 0xff, 0xfe]);
  let granule = 312n;
  let sequence = 2;
  for (let i = 0; i < frames; i += 50) {
    const count = Math.min(50, frames - i);
    granule += BigInt(count * 960);
    const last = i + count >= frames;
    pages.push(oggPage(Array(count).fill(silence), granule, serial, sequence++, last ? 0x04 : 0));
  }
  return Buffer.concat(pages);
}

/** A 2×2 PNG (red), valid to every decoder. */
export function pngFile(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
}
