import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * The text-to-speech and models endpoints of the ElevenLabs fake (test/support/elevenlabs-fake.ts), keeping
 * the provider's rules as its official definitions state them (@elevenlabs/elevenlabs-js 2.73:
 * `src/api/resources/textToSpeech/client/Client.ts` `convertWithTimestamps` → POST
 * /v1/text-to-speech/{voice_id}/with-timestamps, body `BodyTextToSpeechFullWithTimestamps`, response
 * `AudioWithTimestampsResponse`; `src/api/resources/models/client/Client.ts` `list` → GET /v1/models,
 * `Model.maximum_text_length_per_request`; the API reference's per-model limits; /work/shared/DESIGN.md
 * "Providers' real rules"):
 * - text per request is limited per model (a longer text is a 400 `max_character_limit_exceeded`);
 * - eleven_v3 takes no `previous_text`/`next_text` (refused with a 400 here, so a client that sends them is seen);
 * - an unknown voice is a 404 `voice_not_found`;
 * - 429s carry no `retry-after` header;
 * - a request is billed once the audio is generated, also when the client has stopped waiting (time-out).
 * The MP3 starts with an Info frame of its own length, as LAME-encoded provider audio does, so a join that
 * keeps it is caught by a browser showing the wrong duration.
 */
export const FAKE_MODELS = [
  { model_id: 'eleven_v3', name: 'Eleven v3', maximum_text_length_per_request: 3000, context: false },
  { model_id: 'eleven_multilingual_v2', name: 'Eleven Multilingual v2', maximum_text_length_per_request: 10000 },
  { model_id: 'eleven_flash_v2_5', name: 'Eleven Flash v2.5', maximum_text_length_per_request: 40000 },
  { model_id: 'eleven_turbo_v2_5', name: 'Eleven Turbo v2.5', maximum_text_length_per_request: 40000 },
  { model_id: 'eleven_flash_v2', name: 'Eleven Flash v2', maximum_text_length_per_request: 30000 },
  { model_id: 'eleven_turbo_v2', name: 'Eleven Turbo v2', maximum_text_length_per_request: 30000 },
] as const;

/** Seconds of audio per character of text (about 15 characters a second, a calm reading pace). */
export const SECONDS_PER_CHAR = 0.05;

export interface TtsBehaviour {
  /** Added to every text-to-speech answer. */
  latencyMs: number;
  /** Share (0..1) of text-to-speech requests that fail: a 429, a 500 or a time-out, in turn. */
  failureRate: number;
  /** How long a "time-out" failure holds the answer (longer than the client waits); billed all the same. */
  stallMs: number;
  /** Seed of the failure draw, so a benchmark run can be repeated. */
  seed: number;
}

export interface TtsReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Characters this request is billed for when it is answered (the fake adds them to its counter). */
  billed?: number;
}

export interface TtsRequestBody {
  text?: unknown;
  model_id?: unknown;
  previous_text?: unknown;
  next_text?: unknown;
}

/** A mulberry32 draw: the fake's failures are random but repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const detail = (status: string, message: string) => ({ detail: { status, message } });

/** The models list as GET /v1/models answers it (snake_case, as the SDK's serializer reads it). */
export function modelsReply(): TtsReply {
  return {
    status: 200,
    body: FAKE_MODELS.map((m) => ({
      model_id: m.model_id,
      name: m.name,
      can_do_text_to_speech: true,
      can_be_finetuned: false,
      maximum_text_length_per_request: m.maximum_text_length_per_request,
    })),
  };
}

let toneFrames: Buffer[] | undefined;

/** One second of a quiet 220 Hz tone, encoded once, as its frames (each 417 or 418 bytes). */
function oneSecondOfTone(): Buffer[] {
  if (toneFrames) return toneFrames;
  const rate = 44_100;
  const pcm = new Int16Array(rate);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  const encoder = new Mp3Encoder(1, rate, 128);
  const audio = Buffer.concat([encoder.encodeBuffer(pcm), encoder.flush()].map((p) => Buffer.from(p)));
  const frames: Buffer[] = [];
  for (let at = 0; at + 4 <= audio.length && audio[at] === 0xff; ) {
    const length = Math.floor((144 * 128_000) / rate) + ((audio[at + 2]! >> 1) & 1);
    frames.push(audio.subarray(at, at + length));
    at += length;
  }
  // The encoder's first and last frames hold its start-up and flush: cycle the steady ones between.
  toneFrames = frames.slice(2, -2);
  return toneFrames;
}

/**
 * A quiet 220 Hz tone of the given length: 44.1 kHz mono 128 kbit/s MP3 behind an Info frame, as
 * mp3_44100_128 is. Frames of one encoded second are cycled (encoding minutes of audio per request would
 * make the fake the slowest part of every test).
 */
export function toneMp3(seconds: number): Uint8Array {
  const steady = oneSecondOfTone();
  const count = Math.max(1, Math.round((seconds * 44_100) / 1152));
  return withInfoFrame(Buffer.concat(Array.from({ length: count }, (_, i) => steady[i % steady.length]!)));
}

/**
 * Puts a CBR Info frame in front of lamejs's frames (lamejs writes none): MPEG-1 layer III mono, the tag
 * after the 17-byte side information, frames and bytes filled in (LAME's VbrTag.c layout).
 */
function withInfoFrame(audio: Buffer): Uint8Array {
  let frames = 0;
  let at = 0;
  const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  while (at + 4 <= audio.length && audio[at] === 0xff) {
    const length = Math.floor((144 * bitrates[audio[at + 2]! >> 4]! * 1000) / 44_100) + ((audio[at + 2]! >> 1) & 1);
    frames++;
    at += length;
  }
  const info = Buffer.alloc(417); // one 128 kbit/s frame without padding
  info[0] = 0xff;
  info[1] = audio[1]! | 0x01;
  info[2] = audio[2]! & 0xfc;
  info[3] = audio[3]!;
  info.write('Info', 4 + 17, 'latin1');
  info.writeUInt32BE(0x3, 4 + 17 + 4);
  info.writeUInt32BE(frames, 4 + 17 + 8);
  info.writeUInt32BE(info.length + audio.length, 4 + 17 + 12);
  return new Uint8Array(Buffer.concat([info, audio]));
}

/**
 * The answer to one text-to-speech request: an injected failure, a rule broken (400/404), or audio with a
 * linear character alignment over `text` as spoken.
 */
export function ttsReply(
  voiceId: string,
  raw: string,
  knownVoice: (id: string) => boolean,
  behaviour: TtsBehaviour,
  draw: () => number,
  failureCount: number,
): TtsReply {
  let body: TtsRequestBody;
  try {
    body = JSON.parse(raw) as TtsRequestBody;
  } catch {
    return { status: 422, body: { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'value_error' }] } };
  }
  if (typeof body.text !== 'string' || body.text.length === 0) {
    return { status: 422, body: { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'missing' }] } };
  }
  const modelId = typeof body.model_id === 'string' ? body.model_id : 'eleven_multilingual_v2';
  const model = FAKE_MODELS.find((m) => m.model_id === modelId);
  if (!model) return { status: 400, body: detail('model_not_found', `Model ${modelId} does not exist.`) };
  if (body.text.length > model.maximum_text_length_per_request) {
    return {
      status: 400,
      body: detail(
        'max_character_limit_exceeded',
        `Text is too long: ${body.text.length} characters; ${modelId} accepts ${model.maximum_text_length_per_request} per request.`,
      ),
    };
  }
  // The SDK sends absent fields as null; only a value counts as sent.
  if ('context' in model && !model.context && (body.previous_text != null || body.next_text != null)) {
    return { status: 400, body: detail('invalid_request', `${modelId} does not support previous_text or next_text.`) };
  }
  if (!knownVoice(voiceId)) {
    return { status: 404, body: detail('voice_not_found', `A voice with voice_id ${voiceId} was not found.`) };
  }
  const text = body.text;
  if (behaviour.failureRate > 0 && draw() < behaviour.failureRate) {
    switch (failureCount % 3) {
      case 0: // No retry-after header: the API reference documents none.
        return {
          status: 429,
          body: detail('too_many_concurrent_requests', 'Too many concurrent requests.'),
          delayMs: behaviour.latencyMs,
        };
      case 1:
        return { status: 500, body: detail('internal_error', 'Internal error.'), delayMs: behaviour.latencyMs };
      default:
        // Generated (and billed) but answered after the client gave up.
        return { ...audioReply(text), delayMs: behaviour.stallMs };
    }
  }
  return { ...audioReply(text), delayMs: behaviour.latencyMs };
}

function audioReply(text: string): TtsReply {
  const characters = [...text];
  const starts = characters.map((_, i) => i * SECONDS_PER_CHAR);
  const alignment = {
    characters,
    character_start_times_seconds: starts,
    character_end_times_seconds: starts.map((s) => s + SECONDS_PER_CHAR),
  };
  return {
    status: 200,
    billed: text.length,
    body: {
      audio_base64: Buffer.from(toneMp3(characters.length * SECONDS_PER_CHAR)).toString('base64'),
      alignment,
      normalized_alignment: alignment,
    },
  };
}
