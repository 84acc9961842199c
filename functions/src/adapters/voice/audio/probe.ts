import { type AudioContainer, sniffAudio } from './decode.ts';
import { scanMpegFrames } from './mpeg-scan.ts';
import { oggLastGranule, oggPackets } from './ogg.ts';
import { opusSeconds } from './opus-toc.ts';
import { readWavLayout } from './wav.ts';
import { demuxWebm } from './webm.ts';

/**
 * Measures an audio file before anything decodes it (docs/media.md, "Measured before decoded"): the
 * container's headers (sample rate, channels, declared duration) read with `music-metadata`, and what
 * the file really holds counted from frame and packet headers (MPEG frames, Opus TOC bytes, WAV data
 * bytes), never from decoded samples. A file that is not plausible (0 Hz, no channels, no frames),
 * longer than allowed, or holding more audio than its header declares (a decompression bomb) is
 * refused here, in milliseconds, whatever its size.
 */

export type AudioProblem = 'unreadable' | 'inconsistent' | 'too-long';

export interface MeasuredAudio {
  container: AudioContainer;
  codec: string;
  sampleRate: number;
  channels: number;
  /** Whole frames (MPEG), packets (Ogg, WebM) or sample frames (WAV) found. */
  frames: number;
  /** Seconds the header declares, when it declares any (a live WebM recording does not). */
  declaredSeconds?: number;
  /** Seconds counted from the frames themselves, where that is possible without decoding. */
  countedSeconds?: number;
  /** The file's length as far as it can be known before decoding: the larger of the two. */
  seconds: number;
}

export type ProbeResult = { ok: true; audio: MeasuredAudio } | { ok: false; problem: AudioProblem; detail: string };

/** Rates a real recording or file uses (8 kHz telephone speech to 192 kHz studio masters). */
export const PLAUSIBLE_RATES = { min: 8_000, max: 192_000 } as const;
export const MAX_CHANNELS = 8;

/** How much more audio than declared a file may hold: encoder padding and rounding, never minutes. */
export function withSlack(seconds: number): number {
  return seconds * 1.05 + 1;
}

interface Header {
  codec: string;
  sampleRate: number;
  channels: number;
  declaredSeconds?: number;
  frames: number;
  countedSeconds?: number;
}

const refuse = (problem: AudioProblem, detail: string): ProbeResult => ({ ok: false, problem, detail });

/** What music-metadata reads from the container's own headers (tags, covers and trailing data skipped). */
async function containerHeader(bytes: Uint8Array, scanMpeg: boolean) {
  const { parseBuffer } = await import('music-metadata');
  const { format } = await parseBuffer(bytes, undefined, {
    duration: scanMpeg,
    skipCovers: true,
    skipPostHeaders: true,
  });
  return {
    codec: format.codec ?? format.container ?? 'unknown',
    sampleRate: format.sampleRate ?? 0,
    channels: format.numberOfChannels ?? 0,
    declaredSeconds: format.duration,
  };
}

/**
 * The least audio an Ogg Vorbis stream's packets can hold, from its identification header: every
 * audio packet after the first yields at least half a short block (Vorbis I spec, section 4.3.8).
 * Enough to catch a file whose last granule position claims far less than it holds.
 */
function vorbisAtLeast(packets: Uint8Array[]): number | undefined {
  const id = packets[0];
  if (!id || id.length < 30 || id[0] !== 1 || String.fromCharCode(...id.subarray(1, 7)) !== 'vorbis') return undefined;
  const rate = new DataView(id.buffer, id.byteOffset, id.byteLength).getUint32(12, true);
  const shortBlock = 2 ** (id[28]! & 0x0f);
  const audio = packets.length - 3;
  return rate > 0 && audio > 1 ? ((audio - 1) * shortBlock) / 2 / rate : undefined;
}

async function header(container: AudioContainer, bytes: Uint8Array, maxSeconds: number): Promise<Header> {
  switch (container) {
    case 'wav': {
      // By hand: streaming writers leave the data size open (0 or 0xFFFFFFFF), which a general parser
      // reads as 27 hours; here it means "the rest of the file", as the decoder reads it.
      const wav = readWavLayout(bytes);
      const blockAlign = (wav.bits / 8) * wav.channels;
      const frames = blockAlign > 0 ? Math.floor(wav.dataBytes / blockAlign) : 0;
      return {
        codec: `PCM ${wav.bits}-bit`,
        sampleRate: wav.sampleRate,
        channels: wav.channels,
        frames,
        countedSeconds: wav.sampleRate > 0 ? frames / wav.sampleRate : undefined,
      };
    }
    case 'mp3': {
      const counted = scanMpegFrames(bytes);
      // Frames counted past the limit already settle it: no need to parse the rest.
      const parse = counted.frames > 0 && counted.seconds <= maxSeconds;
      const declared = parse ? await containerHeader(bytes, true) : undefined;
      return {
        codec: declared?.codec ?? 'MPEG',
        sampleRate: counted.sampleRate,
        channels: counted.channels,
        declaredSeconds: declared?.declaredSeconds,
        frames: counted.frames,
        countedSeconds: counted.seconds,
      };
    }
    case 'ogg': {
      const declared = await containerHeader(bytes, false);
      const packets = oggPackets(bytes);
      const opus = /opus/i.test(declared.codec);
      // The length an Ogg file declares is its last granule position (music-metadata leaves it out
      // when the pages do not add up, which is exactly the case to catch).
      const granule = oggLastGranule(bytes);
      const preSkip = opus && packets[0] && packets[0].length >= 12 ? packets[0][10]! | (packets[0][11]! << 8) : 0;
      if (granule !== undefined && declared.sampleRate > 0)
        declared.declaredSeconds = Math.max(0, Number(granule) - preSkip) / (opus ? 48_000 : declared.sampleRate);
      // Opus: the first two packets are OpusHead and OpusTags; Vorbis: three header packets.
      const audio = packets.slice(opus ? 2 : 3);
      return { ...declared, frames: audio.length, countedSeconds: opus ? opusSeconds(audio) : vorbisAtLeast(packets) };
    }
    case 'webm': {
      // By hand (the demuxer the decoder uses): music-metadata refuses the unknown-size Clusters that
      // browsers' MediaRecorder writes.
      const track = demuxWebm(bytes);
      const opus = track.codec === 'A_OPUS';
      return {
        codec: track.codec,
        sampleRate: track.sampleRate ?? (opus ? 48_000 : 0),
        channels: track.channels ?? (opus ? (track.codecPrivate?.[9] ?? 0) : 0),
        declaredSeconds: track.durationSeconds,
        frames: track.packets.length,
        countedSeconds: opus ? opusSeconds(track.packets) : undefined,
      };
    }
    case 'mp4': {
      // The movie and track headers and the sample entry. Frames are not counted: the server never
      // decodes AAC (an M4A sample is refused; a story's plays in the browser), so a declared length
      // stands for "has audio".
      const declared = await containerHeader(bytes, false);
      return { ...declared, frames: declared.declaredSeconds ? 1 : 0 };
    }
  }
}

/** Reads and judges an audio file's headers; `maxSeconds` is the longest the caller accepts. */
export async function probeAudio(bytes: Uint8Array, maxSeconds: number): Promise<ProbeResult> {
  const container = sniffAudio(bytes);
  if (!container) return refuse('unreadable', 'not a container we read');
  let found: Header;
  try {
    found = await header(container, bytes, maxSeconds);
  } catch (error) {
    return refuse('unreadable', `${container} headers unreadable: ${(error as Error).message}`);
  }
  const { sampleRate, channels, frames, declaredSeconds, countedSeconds } = found;
  if (!(sampleRate >= PLAUSIBLE_RATES.min && sampleRate <= PLAUSIBLE_RATES.max))
    return refuse('unreadable', `sample rate ${sampleRate} Hz`);
  if (!(channels >= 1 && channels <= MAX_CHANNELS)) return refuse('unreadable', `${channels} channels`);
  if (frames < 1) return refuse('unreadable', 'no audio frames');
  const known = [declaredSeconds, countedSeconds].filter((s): s is number => s !== undefined);
  if (known.length === 0 || known.some((s) => !Number.isFinite(s) || s < 0)) return refuse('unreadable', 'no duration');
  const seconds = Math.max(...known);
  if (seconds <= 0) return refuse('unreadable', 'zero duration');
  if (declaredSeconds !== undefined && countedSeconds !== undefined && countedSeconds > withSlack(declaredSeconds))
    return refuse('inconsistent', `declares ${declaredSeconds.toFixed(1)} s, holds ${countedSeconds.toFixed(1)} s`);
  if (seconds > maxSeconds) return refuse('too-long', `${seconds.toFixed(1)} s over ${maxSeconds} s`);
  return {
    ok: true,
    audio: { container, codec: found.codec, sampleRate, channels, frames, declaredSeconds, countedSeconds, seconds },
  };
}
