/** WAV (RIFF) reading and writing by hand: PCM 8/16/24/32-bit and 32-bit float, any channel count. */

export interface PcmAudio {
  /** Mono samples in [-1, 1]. */
  samples: Float32Array;
  sampleRate: number;
}

export class AudioFormatError extends Error {}

/** Decoding stopped at its cap (more audio than allowed or declared) or its time budget. */
export class AudioLimitError extends AudioFormatError {}

export interface WavLayout {
  code: number;
  channels: number;
  sampleRate: number;
  bits: number;
  /** Where the samples start, and how many bytes of them the file holds. */
  dataOffset: number;
  dataBytes: number;
}

/**
 * Walks a RIFF/WAVE file's chunks to its format and its data (header only: nothing is decoded).
 * Browsers and some recorders write 0 or 0xFFFFFFFF for a streamed data chunk: that means the rest of
 * the file, and so does a size beyond the file's end (a recording cut short keeps what it has).
 */
export function readWavLayout(bytes: Uint8Array): WavLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new AudioFormatError('not a WAV file');
  let format: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    let size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new AudioFormatError('WAV format chunk too short');
      let code = view.getUint16(body, true);
      const bits = view.getUint16(body + 14, true);
      if (code === 0xfffe && size >= 26 && body + 26 <= bytes.length) code = view.getUint16(body + 24, true); // WAVE_FORMAT_EXTENSIBLE
      format = { code, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits };
    } else if (id === 'data') {
      if (!format) throw new AudioFormatError('WAV data before its format');
      if (size === 0 || size === 0xffffffff || body + size > bytes.length) size = bytes.length - body;
      return { ...format, dataOffset: body, dataBytes: size };
    }
    offset = body + size + (size % 2);
  }
  throw new AudioFormatError('WAV file without audio data');
}

/**
 * Decodes a RIFF/WAVE file to mono float samples (channels averaged). `maxSeconds` caps what is
 * decoded: a longer file is refused before a sample is read.
 */
export function decodeWav(bytes: Uint8Array, maxSeconds = Number.POSITIVE_INFINITY): PcmAudio {
  const layout = readWavLayout(bytes);
  if (!(layout.sampleRate > 0)) throw new AudioFormatError('WAV sample rate 0');
  const frames = Math.floor(layout.dataBytes / Math.max(1, (layout.bits / 8) * layout.channels));
  if (frames / layout.sampleRate > maxSeconds) throw new AudioLimitError('WAV longer than allowed');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { samples: toMono(view, layout.dataOffset, layout.dataBytes, layout), sampleRate: layout.sampleRate };
}

function toMono(
  view: DataView,
  start: number,
  size: number,
  format: { code: number; channels: number; bits: number },
): Float32Array {
  const { code, channels, bits } = format;
  const bytesPer = bits / 8;
  if (channels < 1 || ![8, 16, 24, 32].includes(bits)) throw new AudioFormatError('unsupported WAV sample format');
  if (code !== 1 && !(code === 3 && bits === 32)) throw new AudioFormatError('unsupported WAV encoding');
  const frames = Math.floor(size / (bytesPer * channels));
  const out = new Float32Array(frames);
  const read = (at: number): number => {
    if (code === 3) return view.getFloat32(at, true);
    if (bits === 8) return (view.getUint8(at) - 128) / 128;
    if (bits === 16) return view.getInt16(at, true) / 32768;
    if (bits === 24) {
      const v = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
      return v / 8388608;
    }
    return view.getInt32(at, true) / 2147483648;
  };
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(start + (f * channels + c) * bytesPer);
    out[f] = sum / channels;
  }
  return out;
}

export { encodeWav } from '@storyloom/shared/wav';
