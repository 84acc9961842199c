import { oggPackets } from './ogg.ts';
import { AudioFormatError, decodeWav, type PcmAudio } from './wav.ts';
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

function mono(channelData: Float32Array[], samplesDecoded: number): Float32Array {
  const channels = channelData.filter((c) => c.length > 0);
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0]!.subarray(0, samplesDecoded);
  const out = new Float32Array(samplesDecoded);
  for (const channel of channels) for (let i = 0; i < samplesDecoded; i++) out[i]! += channel[i]! / channels.length;
  return out;
}

/** Opus packets to PCM; `head` is the OpusHead (channel count, pre-skip). */
async function decodeOpus(head: Uint8Array | undefined, packets: Uint8Array[]): Promise<PcmAudio> {
  const channels = Math.min(head?.[9] ?? 1, 2);
  const preSkip = head ? head[10]! | (head[11]! << 8) : 0;
  const { OpusDecoder } = await import('opus-decoder');
  const decoder = new OpusDecoder({ channels, preSkip });
  await decoder.ready;
  try {
    const out = decoder.decodeFrames(packets);
    return { samples: mono(out.channelData, out.samplesDecoded), sampleRate: out.sampleRate };
  } finally {
    decoder.free();
  }
}

/**
 * Decodes an accepted voice sample to mono PCM with npm packages alone (WASM decoders, no ffmpeg).
 * MP4/M4A (AAC) has no pure-npm decoder here: the app converts such files to WAV in the browser
 * before upload (docs/voice.md), so an M4A reaching the server is refused with a clear message.
 */
export async function decodeAudio(bytes: Uint8Array): Promise<PcmAudio> {
  const container = sniffAudio(bytes);
  switch (container) {
    case 'wav':
      return decodeWav(bytes);
    case 'mp3': {
      const { MPEGDecoder } = await import('mpg123-decoder');
      const decoder = new MPEGDecoder();
      await decoder.ready;
      try {
        const out = decoder.decode(bytes);
        return { samples: mono(out.channelData, out.samplesDecoded), sampleRate: out.sampleRate };
      } finally {
        decoder.free();
      }
    }
    case 'ogg': {
      const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512));
      if (head.includes('OpusHead')) {
        const [opusHead, , ...audio] = oggPackets(bytes);
        if (!opusHead) throw new AudioFormatError('Ogg Opus file without its header');
        return decodeOpus(opusHead, audio);
      }
      const { OggVorbisDecoder } = await import('@wasm-audio-decoders/ogg-vorbis');
      const decoder = new OggVorbisDecoder();
      await decoder.ready;
      try {
        const out = await decoder.decodeFile(bytes);
        return { samples: mono(out.channelData, out.samplesDecoded), sampleRate: out.sampleRate };
      } finally {
        decoder.free();
      }
    }
    case 'webm': {
      const track = demuxWebm(bytes);
      if (track.codec !== 'A_OPUS') throw new AudioFormatError(`WebM audio codec ${track.codec} is not supported`);
      return decodeOpus(track.codecPrivate, track.packets);
    }
    case 'mp4':
      throw new AudioFormatError('M4A/AAC is converted to WAV by the app before upload');
    default:
      throw new AudioFormatError('not an audio file we can read');
  }
}
