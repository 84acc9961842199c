import { crc32 } from 'node:zlib';
import { createOggEncoder } from 'wasm-media-encoders';
import { oggCrc, oggPage, toneSamples } from './media-files.ts';

/**
 * More containers made in memory, for the hostile-media tests: Ogg Vorbis (LAME's sibling encoder in
 * `wasm-media-encoders`), WebM Opus and M4A written element by element, and picture headers of any
 * size (no pixels needed: the server must refuse from the header). Each builder takes the values a
 * hostile file would lie about.
 */

/** An Ogg Vorbis file of a tone. */
export async function oggVorbisFile(seconds: number, sampleRate = 16_000): Promise<Buffer> {
  const encoder = await createOggEncoder();
  encoder.configure({ channels: 1, sampleRate, vbrQuality: 2 });
  const tone = toneSamples(seconds, sampleRate);
  const pcm = Float32Array.from(tone, (s) => s / 32768);
  const parts: Buffer[] = [];
  for (let i = 0; i < pcm.length; i += 4096) parts.push(Buffer.from(encoder.encode([pcm.subarray(i, i + 4096)])));
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}

/** Rewrites the granule position of an Ogg file's last page (what players read as its length). */
export function withLastGranule(ogg: Buffer, granule: bigint): Buffer {
  const out = Buffer.from(ogg);
  const last = out.lastIndexOf('OggS');
  out.writeBigUInt64LE(granule, last + 6);
  out.writeUInt32LE(0, last + 22);
  const segments = out[last + 26]!;
  let end = last + 27 + segments;
  for (let i = 0; i < segments; i++) end += out[last + 27 + i]!;
  // Recompute the page's CRC (ogg's own polynomial), as a careful forger would.
  const page = out.subarray(last, end);
  page.writeUInt32LE(oggCrc(page), 22);
  return out;
}

export function opusHead(channels = 1, inputRate = 48_000): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head.writeUInt8(1, 8);
  head.writeUInt8(channels, 9);
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(inputRate, 12);
  return head;
}

/** 120 ms of Opus in 2 bytes: code 3, six empty 20 ms CELT frames (a decoder conceals them). */
export const OPUS_BOMB_PACKET = Uint8Array.from([(31 << 3) | 3, 6]);
/** 20 ms of CELT silence. */
export const OPUS_SILENCE_PACKET = Uint8Array.from([0xf8, 0xff, 0xfe]);

/** An Ogg Opus file of the given packets, whose last page declares `declaredSeconds`. */
export function oggOpusOf(packets: Uint8Array[], declaredSeconds: number): Buffer {
  const serial = 0x600d;
  const tags = Buffer.alloc(8 + 4 + 4 + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(4, 8);
  tags.write('test', 12, 'ascii');
  const pages = [oggPage([opusHead()], 0n, serial, 0, 0x02), oggPage([tags], 0n, serial, 1, 0)];
  const per = 200;
  for (let i = 0, seq = 2; i < packets.length; i += per, seq++) {
    const last = i + per >= packets.length;
    const granule = last ? BigInt(Math.round(declaredSeconds * 48_000) + 312) : 312n;
    pages.push(oggPage(packets.slice(i, i + per), granule, serial, seq, last ? 0x04 : 0));
  }
  return Buffer.concat(pages);
}

// --- WebM (Matroska) ---------------------------------------------------------------------------

function ebmlId(id: number): Buffer {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from(bytes);
}

/** An element with an 8-byte size (or "unknown size", as a live recording writes its Segment). */
function el(id: number, body: Buffer | Buffer[] | 'unknown-size', children: Buffer[] = []): Buffer {
  const data = body === 'unknown-size' ? Buffer.concat(children) : Buffer.isBuffer(body) ? body : Buffer.concat(body);
  const size = Buffer.alloc(8);
  if (body === 'unknown-size') size.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  else {
    size.writeUInt8(0x01, 0);
    size.writeUIntBE(data.length, 2, 6);
  }
  return Buffer.concat([ebmlId(id), size, data]);
}
const uint = (n: number, bytes = 4) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(n, 0, bytes);
  return b;
};
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};

/**
 * A WebM file with one Opus track holding `packets` (an unknown-size Segment, Clusters of SimpleBlocks;
 * `liveClusters` makes those unknown-size too, as MediaRecorder writes them); `durationMs` adds the Info
 * Duration a finished file declares.
 */
export function webmOpusOf(
  packets: Uint8Array[],
  opts: { durationMs?: number; sampleRate?: number; channels?: number; liveClusters?: boolean } = {},
): Buffer {
  const info = el(0x1549a966, [
    el(0x2ad7b1, uint(1_000_000)),
    ...(opts.durationMs !== undefined ? [el(0x4489, float64(opts.durationMs))] : []),
  ]);
  const audio = el(0xe1, [el(0xb5, float64(opts.sampleRate ?? 48_000)), el(0x9f, uint(opts.channels ?? 1, 1))]);
  const track = el(0xae, [
    el(0xd7, uint(1, 1)),
    el(0x73c5, uint(1, 1)),
    el(0x83, uint(2, 1)),
    el(0x86, Buffer.from('A_OPUS')),
    el(0x63a2, opusHead(opts.channels ?? 1)),
    audio,
  ]);
  const clusters: Buffer[] = [];
  const per = 200;
  for (let i = 0; i < packets.length; i += per) {
    const blocks = packets.slice(i, i + per).map((p, j) => {
      const head = Buffer.alloc(4);
      head.writeUInt8(0x81, 0); // track 1
      head.writeInt16BE(j * 20, 1);
      head.writeUInt8(0x80, 3); // keyframe
      return el(0xa3, Buffer.concat([head, p]));
    });
    const children = [el(0xe7, uint(i * 20)), ...blocks];
    // Chrome's MediaRecorder writes Clusters of unknown size, as it cannot know them while recording.
    clusters.push(opts.liveClusters ? el(0x1f43b675, 'unknown-size', children) : el(0x1f43b675, children));
  }
  const header = el(0x1a45dfa3, [
    el(0x4286, uint(1, 1)),
    el(0x42f7, uint(1, 1)),
    el(0x4282, Buffer.from('webm')),
    el(0x4287, uint(4, 1)),
    el(0x4285, uint(2, 1)),
  ]);
  return Buffer.concat([header, el(0x18538067, 'unknown-size', [info, el(0x1654ae6b, [track]), ...clusters])]);
}

// --- M4A (ISO BMFF) ----------------------------------------------------------------------------

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

/** An M4A whose headers say `sampleRate`, `channels` and `seconds` (the AAC payload is filler). */
export function m4aFile(opts: { seconds: number; sampleRate?: number; channels?: number; timescale?: number }): Buffer {
  const rate = opts.sampleRate ?? 44_100;
  const timescale = opts.timescale ?? 1000;
  const duration = Math.round(opts.seconds * timescale);
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(timescale, 12);
  mvhd.writeUInt32BE(duration, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(0x00010000, 36);
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96);
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(timescale, 12);
  mdhd.writeUInt32BE(duration, 16);
  mdhd.writeUInt16BE(0x55c4, 20);
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from('soun'), Buffer.alloc(12), Buffer.from('Sound\0')]);
  const entry = Buffer.alloc(28);
  entry.writeUInt16BE(1, 6); // data reference index
  entry.writeUInt16BE(opts.channels ?? 2, 16);
  entry.writeUInt16BE(16, 18);
  entry.writeUInt32BE(rate * 65536 > 0xffffffff ? 0 : rate * 65536, 24);
  const stsd = Buffer.concat([Buffer.alloc(4), uint(1), box('mp4a', entry)]);
  const empty = Buffer.concat([Buffer.alloc(4), uint(0)]);
  const stbl = box(
    'stbl',
    box('stsd', stsd),
    box('stts', empty),
    box('stsc', empty),
    box('stsz', Buffer.alloc(12)),
    box('stco', empty),
  );
  const minf = box('minf', box('smhd', Buffer.alloc(8)), stbl);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(7, 0);
  tkhd.writeUInt32BE(1, 12);
  const trak = box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), minf));
  const ftyp = box('ftyp', Buffer.from('M4A '), uint(0), Buffer.from('M4A mp42isom'));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), trak), box('mdat', Buffer.alloc(2048, 0x21))]);
}

// --- Pictures ----------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header says width × height (its pixel data is a few bytes: nothing may decode it). */
export function pngOfSize(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOF0) of width × height. */
export function jpegOfSize(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

/** A GIF whose logical screen is width × height. */
export function gifOfSize(width: number, height: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'ascii');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x3b])]);
}

/** An extended WebP (VP8X) whose canvas is width × height. */
export function webpOfSize(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X'), uint(0), vp8x]);
  chunk.writeUInt32LE(10, 4);
  const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}
