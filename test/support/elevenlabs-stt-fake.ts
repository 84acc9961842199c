/**
 * The speech-to-text endpoint of the ElevenLabs fake (test/support/elevenlabs-fake.ts), from the official SDK
 * definitions (@elevenlabs/elevenlabs-js 2.73: `src/api/resources/speechToText/client/Client.ts` `convert` →
 * POST /v1/speech-to-text, multipart/form-data, body `BodySpeechToTextV1SpeechToTextPost`; response
 * `SpeechToTextChunkResponseModel` { language_code, language_probability, text, words: [{ text, start, end,
 * type: 'word' | 'spacing' | 'audio_event', speaker_id?, logprob }], audio_duration_secs? }; errors
 * `UnprocessableEntityError` with an `HTTPValidationError` body), keeping the rules that hurt a client:
 * - exactly one of `file` or `cloud_storage_url`, and a `model_id` (scribe_v1 or scribe_v2), else 422;
 * - the file must be smaller than the documented limit (5.0 GB in SDK 2.73; a test sets a small one) — the
 *   API reference names the limit but not the status: the fake answers 413 `file_too_large`;
 * - a key it does not know is a 401 `invalid_api_key`;
 * - 429s carry no `retry-after` header (as for text to speech);
 * - answers take time (`latencyMs`), and each one is billed by the audio's seconds.
 * It cannot hear: the words it "recognises" are the ones a test gives it (`text`), spread over the audio's
 * length (a WAV's header, else 16 kB a second).
 */

export const STT_MODELS = ['scribe_v1', 'scribe_v2'] as const;
/** The SDK 2.73 documentation: "The file size must be less than 5.0GB". */
export const STT_MAX_FILE_BYTES = 5 * 1024 ** 3;

export interface SttBehaviour {
  /** What the recording "says" (the fake cannot hear); a function gets the uploaded bytes. */
  text: string | ((audio: Buffer) => string);
  latencyMs: number;
  maxFileBytes: number;
  /** Keys the account has; undefined accepts any non-empty key. */
  apiKeys?: readonly string[];
}

export interface SttReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Seconds of audio billed for this answer. */
  billedSeconds?: number;
}

const detail = (status: string, message: string) => ({ detail: { status, message } });
const invalid = (loc: string[], msg: string, type = 'value_error') => ({ detail: [{ loc, msg, type }] });

/** Seconds of audio in a file: a WAV's header when it is one, else a 128 kbit/s guess. */
export function audioSeconds(audio: Buffer): number {
  if (audio.length >= 44 && audio.toString('latin1', 0, 4) === 'RIFF' && audio.toString('latin1', 8, 12) === 'WAVE') {
    let at = 12;
    let byteRate = 0;
    while (at + 8 <= audio.length) {
      const id = audio.toString('latin1', at, at + 4);
      const size = audio.readUInt32LE(at + 4);
      if (id === 'fmt ') byteRate = audio.readUInt32LE(at + 16);
      if (id === 'data' && byteRate > 0) return Math.min(size, audio.length - at - 8) / byteRate;
      at += 8 + size + (size % 2);
    }
  }
  return audio.length / 16_000;
}

/** The words of `text` with times spread evenly over `seconds`, spacing between them, as Scribe lists them. */
export function sttWords(text: string, seconds: number) {
  const tokens = text.match(/\S+|\s+/g) ?? [];
  const spoken = tokens.filter((t) => /\S/.test(t));
  const step = spoken.length > 0 ? seconds / spoken.length : 0;
  let i = 0;
  return tokens.map((token) => {
    if (/\S/.test(token)) {
      const start = Number((i * step).toFixed(3));
      const end = Number(((i + 1) * step - Math.min(0.05, step / 4)).toFixed(3));
      i++;
      return { text: token, start, end, type: 'word', speaker_id: 'speaker_0', logprob: -0.05 };
    }
    const at = Number((i * step).toFixed(3));
    return { text: ' ', start: at, end: at, type: 'spacing', speaker_id: 'speaker_0', logprob: 0 };
  });
}

/** The answer to one POST /v1/speech-to-text. */
export async function sttReply(
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  apiKey: string | undefined,
  behaviour: SttBehaviour,
): Promise<SttReply> {
  if (!apiKey || (behaviour.apiKeys && !behaviour.apiKeys.includes(apiKey))) {
    return { status: 401, body: detail('invalid_api_key', 'Invalid API key') };
  }
  const contentType = String(headers['content-type'] ?? '');
  if (!contentType.startsWith('multipart/form-data')) {
    return { status: 422, body: invalid(['body'], 'Expected multipart/form-data') };
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { status: 422, body: invalid(['body'], 'There was an error parsing the body') };
  }
  const modelId = form.get('model_id');
  if (typeof modelId !== 'string')
    return { status: 422, body: invalid(['body', 'model_id'], 'Field required', 'missing') };
  if (!(STT_MODELS as readonly string[]).includes(modelId)) {
    return { status: 422, body: invalid(['body', 'model_id'], `Input should be ${STT_MODELS.join(' or ')}`, 'enum') };
  }
  const file = form.get('file');
  const url = form.get('cloud_storage_url') ?? form.get('source_url');
  if ((file === null) === (url === null)) {
    return {
      status: 422,
      body: invalid(['body'], 'Exactly one of the file or cloud_storage_url parameters must be provided'),
    };
  }
  if (!(file instanceof Blob)) return { status: 422, body: invalid(['body', 'file'], 'Expected an upload file') };
  if (file.size >= behaviour.maxFileBytes) {
    return { status: 413, body: detail('file_too_large', 'The file size must be less than the limit.') };
  }
  const granularity = form.get('timestamps_granularity') ?? 'word';
  if (!['none', 'word', 'character'].includes(String(granularity))) {
    return {
      status: 422,
      body: invalid(['body', 'timestamps_granularity'], "Input should be 'none', 'word' or 'character'", 'enum'),
    };
  }
  const audio = Buffer.from(await file.arrayBuffer());
  const seconds = audioSeconds(audio);
  if (seconds < 0.1) return { status: 400, body: detail('audio_too_short', 'The audio must be at least 100ms long.') };
  const text = typeof behaviour.text === 'function' ? behaviour.text(audio) : behaviour.text;
  return {
    status: 200,
    delayMs: behaviour.latencyMs,
    billedSeconds: seconds,
    body: {
      language_code: 'eng',
      language_probability: 0.98,
      text,
      words: granularity === 'none' ? [] : sttWords(text, seconds),
      audio_duration_secs: Number(seconds.toFixed(3)),
      transcription_id: `tr_${Math.random().toString(36).slice(2, 12)}`,
    },
  };
}
