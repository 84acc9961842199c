/**
 * Just enough of Matroska/WebM to pull the Opus packets out of a browser recording (MediaRecorder
 * writes one audio track, SimpleBlocks without lacing, clusters of unknown size). Written by hand:
 * a few dozen lines instead of a general EBML library in the upload function's bundle.
 */
import { AudioFormatError } from './wav.ts';

const ID = {
  segment: 0x18538067,
  cluster: 0x1f43b675,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  audio: 0xe1,
  samplingFrequency: 0xb5,
  channels: 0x9f,
} as const;
const MASTERS = new Set<number>([ID.segment, ID.cluster, ID.tracks, ID.trackEntry, ID.blockGroup, ID.info, ID.audio]);

export interface WebmAudio {
  codec: string;
  /** OpusHead (channels, pre-skip) when the codec is Opus. */
  codecPrivate?: Uint8Array;
  packets: Uint8Array[];
  /** The track's Audio element (sampling frequency, channels), when it has one. */
  sampleRate?: number;
  channels?: number;
  /** Segment Info's Duration in seconds (a live recording leaves it out). */
  durationSeconds?: number;
}

/** An EBML float (4 or 8 bytes, big-endian); NaN for any other length. */
function readFloat(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length === 4) return view.getFloat32(0);
  if (data.length === 8) return view.getFloat64(0);
  return Number.NaN;
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new AudioFormatError('broken WebM element');
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i];
    if (b === undefined) throw new AudioFormatError('truncated WebM element');
    if (b !== 0xff) allOnes = false;
    value = value * 256 + b;
  }
  // All value bits set means "unknown size" (a live recording does not know its length).
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

/** The audio track's codec and packets, in file order. */
export function demuxWebm(bytes: Uint8Array): WebmAudio {
  if (bytes.length < 4 || bytes[0] !== 0x1a || bytes[1] !== 0x45 || bytes[2] !== 0xdf || bytes[3] !== 0xa3)
    throw new AudioFormatError('not a WebM file');
  const tracks = new Map<
    number,
    { codec: string; codecPrivate?: Uint8Array; sampleRate?: number; channels?: number }
  >();
  let entry: { number?: number; codec?: string; codecPrivate?: Uint8Array; sampleRate?: number; channels?: number } =
    {};
  let timecodeScale = 1_000_000;
  let duration: number | undefined;
  const blocks: { track: number; data: Uint8Array }[] = [];
  const walk = (start: number, end: number) => {
    let at = start;
    while (at < end) {
      const id = readVint(bytes, at, true);
      const size = readVint(bytes, at + id.length, false);
      const body = at + id.length + size.length;
      const bodyEnd = size.value < 0 ? end : Math.min(end, body + size.value);
      if (MASTERS.has(id.value)) {
        if (id.value === ID.trackEntry) entry = {};
        walk(body, bodyEnd);
        if (id.value === ID.trackEntry && entry.number !== undefined && entry.codec)
          tracks.set(entry.number, { ...entry, codec: entry.codec });
        // An unknown-size master ends where the next sibling begins; the walk already consumed the rest.
        at = bodyEnd;
        continue;
      }
      const data = bytes.subarray(body, bodyEnd);
      if (id.value === ID.trackNumber) entry.number = data.reduce((v, b) => v * 256 + b, 0);
      else if (id.value === ID.codecId) entry.codec = new TextDecoder().decode(data);
      else if (id.value === ID.codecPrivate) entry.codecPrivate = data;
      else if (id.value === ID.samplingFrequency) entry.sampleRate = readFloat(data);
      else if (id.value === ID.channels) entry.channels = data.reduce((v, b) => v * 256 + b, 0);
      else if (id.value === ID.timecodeScale) timecodeScale = data.reduce((v, b) => v * 256 + b, 0);
      else if (id.value === ID.duration) duration = readFloat(data);
      else if (id.value === ID.simpleBlock || id.value === ID.block) {
        const track = readVint(data, 0, false);
        const flags = data[track.length + 2] ?? 0;
        if (flags & 0x06) throw new AudioFormatError('laced WebM blocks are not supported');
        blocks.push({ track: track.value, data: data.subarray(track.length + 3) });
      }
      at = bodyEnd;
    }
  };
  // A recording cut short ends mid-element: keep what was read before the break.
  try {
    walk(0, bytes.length);
  } catch (error) {
    if (!(error instanceof AudioFormatError) || blocks.length === 0) throw error;
  }
  const audio = [...tracks.entries()].find(([, t]) => t.codec.startsWith('A_'));
  if (!audio) throw new AudioFormatError('WebM file without an audio track');
  const [number, track] = audio;
  return {
    codec: track.codec,
    codecPrivate: track.codecPrivate,
    packets: blocks.filter((b) => b.track === number).map((b) => b.data),
    sampleRate: track.sampleRate,
    channels: track.channels,
    durationSeconds: duration === undefined ? undefined : (duration * timecodeScale) / 1e9,
  };
}
