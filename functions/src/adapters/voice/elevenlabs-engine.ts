import { ElevenLabsClient, ElevenLabsError, ElevenLabsTimeoutError } from '@elevenlabs/elevenlabs-js';
import { alignWords } from './alignment.ts';
import { joinMp3, mp3Seconds } from './audio/mp3-join.ts';
import {
  CHUNK_TARGET_CHARS,
  CONTEXT_CHARS,
  chunkCharsFor,
  MODEL_RULES,
  type ModelRules,
  UNKNOWN_MODEL_RULES,
} from './elevenlabs-models.ts';
import type { CloneRequest, Synthesis, SynthesisOptions, SynthesizedPart, VoiceEngine, VoiceInfo } from './engine.ts';
import { VoiceEngineError } from './engine.ts';
import { chunkText, type TextSpan } from './text.ts';

export { alignWords } from './alignment.ts';

export interface ElevenLabsOptions {
  apiKey: string;
  /** For contract tests against a local fake; the SDK's production URL otherwise. */
  baseUrl?: string;
  modelId?: string;
  /** Characters per text-to-speech request; always kept under the model's own limit (elevenlabs-models.ts). */
  maxChars?: number;
  /**
   * Per-request time-out. Unset: the SDK's own (240 s), sized for the provider's longest requests — a
   * request cut short is billed all the same, so a tight time-out only pays twice.
   */
  timeoutSeconds?: number;
  /** Attempts per request for 5xx and time-outs, the first included. */
  attempts?: number;
  /** Base of the exponential backoff between those attempts. */
  backoffMs?: number;
  /** Attempts for a 429 (the provider sends no retry-after: we back off on our own, longer). */
  rateLimitAttempts?: number;
  /** Base of the 429 backoff (doubling, capped at maxRetryAfterSeconds). */
  rateLimitBackoffMs?: number;
  /** The longest single wait, whether a retry-after asks for it or our backoff reaches it. */
  maxRetryAfterSeconds?: number;
  /** Attempts of any kind per request (spoken answers: 2); unlimited but for the two counts above otherwise. */
  totalAttempts?: number;
}

const DEFAULTS = {
  modelId: 'eleven_multilingual_v2',
  maxChars: CHUNK_TARGET_CHARS,
  timeoutSeconds: undefined as number | undefined,
  attempts: 4,
  backoffMs: 500,
  rateLimitAttempts: 6,
  rateLimitBackoffMs: 2000,
  maxRetryAfterSeconds: 30,
  totalAttempts: Number.POSITIVE_INFINITY,
};

/** Waits, or stops waiting when the caller gives up (a spoken answer's budget). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * ElevenLabs behind the voice engine port: instant voice cloning, voice search, text to speech with
 * character timestamps (turned into word timings). Every call is retried on 429 (honouring
 * retry-after), 5xx and time-outs with exponential backoff; 401/422 fail at once (docs/voice.md).
 */
export class ElevenLabsVoiceEngine implements VoiceEngine {
  readonly kind = 'elevenlabs' as const;
  readonly cloneLabel = 'Your cloned voice';
  private readonly client: ElevenLabsClient;
  private readonly options: typeof DEFAULTS;
  private rules: Promise<ModelRules> | undefined;

  constructor(options: ElevenLabsOptions) {
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...DEFAULTS, ...given } as typeof DEFAULTS;
    this.client = new ElevenLabsClient({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      timeoutInSeconds: this.options.timeoutSeconds,
      // Our own retry loop below: it knows which failures are worth another try and logs them.
      maxRetries: 0,
    });
  }

  async clone(request: CloneRequest): Promise<{ voiceId: string; requiresVerification?: boolean }> {
    // One attempt: a create is not idempotent (a lost answer may hide a made voice); the clone job looks
    // for a voice of this request's name before it creates again (domain/voice/provider-voices.ts).
    const created = await this.call(
      'clone a voice',
      () =>
        this.client.voices.ivc.create({
          name: request.name,
          description: request.description || undefined,
          files: [{ data: request.sample, filename: request.fileName, contentType: request.contentType }],
          removeBackgroundNoise: true,
        }),
      { attempts: 1 },
    );
    // The voice it replaces is deleted by the clone job once the profile points at the new one.
    return { voiceId: created.voiceId, requiresVerification: created.requiresVerification };
  }

  async findVoices(search: string): Promise<Array<{ id: string; name: string; createdAtUnix?: number }>> {
    const found: Array<{ id: string; name: string; createdAtUnix?: number }> = [];
    let nextPageToken: string | undefined;
    do {
      const page = await this.call('find voices', () =>
        this.client.voices.search({ search, voiceType: 'personal', pageSize: 100, nextPageToken }),
      );
      for (const v of page.voices) found.push({ id: v.voiceId, name: v.name ?? '', createdAtUnix: v.createdAtUnix });
      nextPageToken = page.hasMore ? page.nextPageToken : undefined;
    } while (nextPageToken);
    return found;
  }

  async listVoices(): Promise<VoiceInfo[]> {
    const page = await this.call('list voices', () =>
      this.client.voices.search({ voiceType: 'default', pageSize: 50, sort: 'name', sortDirection: 'asc' }),
    );
    return page.voices.map((v) => ({ id: v.voiceId, name: v.name ?? v.voiceId, preview_url: v.previewUrl ?? null }));
  }

  async hasVoice(voiceId: string): Promise<boolean> {
    try {
      await this.call('look up a voice', () => this.client.voices.get(voiceId));
      return true;
    } catch (error) {
      if (error instanceof VoiceEngineError && (error.status === 404 || error.status === 400)) return false;
      throw error;
    }
  }

  async deleteVoice(voiceId: string): Promise<void> {
    try {
      await this.call('delete a voice', () => this.client.voices.delete(voiceId));
    } catch (error) {
      if (error instanceof VoiceEngineError && (error.status === 404 || error.status === 400)) return;
      throw error;
    }
  }

  async synthesize(voiceId: string, text: string, options: SynthesisOptions = {}): Promise<Synthesis> {
    const rules = await this.modelRules();
    const chunks = chunkText(text, chunkCharsFor(rules, this.options.maxChars));
    const parts: SynthesizedPart[] = [];
    for (const [index, chunk] of chunks.entries()) {
      let part = await options.parts?.load(index, chunk);
      if (!part) {
        part = await this.speakChunk(voiceId, text, chunk, index, rules, options.signal);
        await options.parts?.save(part);
      }
      parts.push(part);
      await options.onProgress?.((index + 1) / chunks.length);
    }
    // One file, one Info frame; each part's words move by the audio before it.
    let seconds = 0;
    const timings = parts.flatMap((part) => {
      const shifted = part.words.map((w) => ({ ...w, start: w.start + seconds, end: w.end + seconds }));
      seconds += part.duration;
      return shifted;
    });
    return { mp3: joinMp3(parts.map((p) => p.mp3)), duration: seconds, words: timings };
  }

  /** One request: a chunk's audio and word timings from its alignment (or spread evenly when that fails). */
  private async speakChunk(
    voiceId: string,
    text: string,
    chunk: TextSpan,
    index: number,
    rules: ModelRules,
    signal?: AbortSignal,
  ): Promise<SynthesizedPart> {
    const previous = rules.context ? text.slice(Math.max(0, chunk.offset - CONTEXT_CHARS), chunk.offset).trim() : '';
    const after = chunk.offset + chunk.length;
    const next = rules.context ? text.slice(after, after + CONTEXT_CHARS).trim() : '';
    const response = await this.call(
      'speak a text',
      (timeoutInSeconds) =>
        this.client.textToSpeech.convertWithTimestamps(
          voiceId,
          {
            text: chunk.text,
            modelId: this.options.modelId,
            outputFormat: 'mp3_44100_128',
            previousText: previous || undefined,
            nextText: next || undefined,
          },
          { abortSignal: signal, timeoutInSeconds },
        ),
      { signal },
    );
    const mp3 = new Uint8Array(Buffer.from(response.audioBase64, 'base64'));
    const duration = mp3Seconds(mp3);
    const alignment = response.alignment;
    const words = alignWords(
      chunk,
      alignment
        ? {
            characters: alignment.characters,
            starts: alignment.characterStartTimesSeconds,
            ends: alignment.characterEndTimesSeconds,
          }
        : undefined,
      duration,
      0,
    );
    return { index, offset: chunk.offset, length: chunk.length, text: chunk.text, mp3, duration, words };
  }

  /**
   * Speech to text (Scribe) with word timings: one request for the whole recording (the provider takes files
   * far larger than our 25 MB cap), through the same retries and error mapping as every other call. A
   * request is billed by the audio's length, so 5xx and time-outs are tried `attempts` times, no more.
   */
  async transcribe(audio: Uint8Array, file: { fileName: string; contentType: string }, modelId: string) {
    const response = await this.call('transcribe a recording', (timeoutInSeconds) =>
      this.client.speechToText.convert(
        {
          modelId,
          file: { data: Buffer.from(audio), filename: file.fileName, contentType: file.contentType },
          timestampsGranularity: 'word',
          tagAudioEvents: false,
          diarize: false,
        },
        { timeoutInSeconds },
      ),
    );
    if (!('words' in response) || !Array.isArray(response.words) || typeof response.text !== 'string') {
      throw new ProviderFailure('ElevenLabs answered speech to text without a transcript', false);
    }
    return {
      text: response.text,
      languageCode: response.languageCode,
      durationSeconds: response.audioDurationSecs,
      words: response.words.map((w) => ({ text: w.text, start: w.start, end: w.end, type: w.type })),
    };
  }

  /** The model's limit and context rule: the table, else the models endpoint (once), else the safe default. */
  private modelRules(): Promise<ModelRules> {
    const known = MODEL_RULES[this.options.modelId];
    if (known) return Promise.resolve(known);
    this.rules ??= this.call('list models', () => this.client.models.list())
      .then((models) => {
        const limit = models.find((m) => m.modelId === this.options.modelId)?.maximumTextLengthPerRequest;
        return limit ? { limit, context: false } : UNKNOWN_MODEL_RULES;
      })
      .catch(() => UNKNOWN_MODEL_RULES);
    return this.rules;
  }

  /**
   * One provider call with retries. 5xx and time-outs back off exponentially; a 429 waits its retry-after
   * when there is one, else a longer backoff of our own (the provider documents none). With a signal, the
   * caller's budget bounds every attempt and wait (spoken answers); a cancelled call is not retried.
   */
  private async call<T>(
    what: string,
    run: (timeoutInSeconds: number | undefined) => Promise<T>,
    options: { signal?: AbortSignal; attempts?: number } = {},
  ): Promise<T> {
    const { signal } = options;
    const totalAttempts = options.attempts ?? this.options.totalAttempts;
    let rateLimited = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(this.options.timeoutSeconds);
      } catch (error) {
        const failure = classify(error, what);
        if (signal?.aborted) throw new ProviderFailure(`Cancelled (${what})`, true, failure.status);
        if (!failure.retryable || attempt >= totalAttempts) throw failure;
        let wait: number;
        if (failure.status === 429) {
          rateLimited++;
          if (rateLimited >= this.options.rateLimitAttempts) throw failure;
          if (failure.retryAfterSeconds !== undefined) {
            if (failure.retryAfterSeconds > this.options.maxRetryAfterSeconds) throw failure;
            wait = failure.retryAfterSeconds * 1000;
          } else {
            wait = Math.min(
              this.options.maxRetryAfterSeconds * 1000,
              this.options.rateLimitBackoffMs * 2 ** (rateLimited - 1) * (0.75 + Math.random() * 0.5),
            );
          }
        } else {
          if (attempt - rateLimited >= this.options.attempts) throw failure;
          wait = this.options.backoffMs * 2 ** (attempt - rateLimited - 1) * (0.75 + Math.random() * 0.5);
        }
        await sleep(wait, signal);
        if (signal?.aborted) throw new ProviderFailure(`Cancelled (${what})`, true, failure.status);
      }
    }
  }
}

class ProviderFailure extends VoiceEngineError {
  constructor(
    message: string,
    retryable: boolean,
    status?: number,
    readonly retryAfterSeconds?: number,
    code?: string,
  ) {
    super(message, retryable, status, code);
  }
}

/** The provider's `detail.status` word (voice_limit_reached, quota_exceeded, voice_not_found…). */
function detailStatus(body: unknown): string | undefined {
  const d = (body as { detail?: unknown } | undefined)?.detail;
  return d && typeof d === 'object' && 'status' in d ? String((d as { status: unknown }).status) : undefined;
}

function retryAfter(error: ElevenLabsError): number | undefined {
  const header = error.rawResponse?.headers?.get?.('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** What a failed call means for us. Never carries the key or the request body into logs. */
function classify(error: unknown, what: string): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  if (error instanceof ElevenLabsTimeoutError) return new ProviderFailure(`ElevenLabs timed out (${what})`, true);
  if (error instanceof ElevenLabsError) {
    const status = error.statusCode;
    if (status === undefined) {
      // The SDK reports its own time-out as an unknown error whose cause is the abort reason 'timeout'.
      const timedOut = error.cause === 'timeout' || /timeout/i.test(error.message);
      return new ProviderFailure(`ElevenLabs ${timedOut ? 'timed out' : 'unreachable'} (${what})`, true);
    }
    if (status === 429) return new ProviderFailure(`ElevenLabs rate limit (${what})`, true, 429, retryAfter(error));
    if (status >= 500) return new ProviderFailure(`ElevenLabs failed with ${status} (${what})`, true, status);
    const code = detailStatus(error.body);
    if (code === 'quota_exceeded')
      return new ProviderFailure(`ElevenLabs quota exceeded (${what})`, false, status, undefined, code);
    if (status === 401 || status === 403)
      return new ProviderFailure(`ElevenLabs refused the API key (${what})`, false, status, undefined, code);
    return new ProviderFailure(
      `ElevenLabs rejected the request with ${status} (${what}): ${detail(error.body)}`,
      false,
      status,
      undefined,
      code,
    );
  }
  if ((error as Error | null)?.name === 'AbortError') return new ProviderFailure(`Cancelled (${what})`, true);
  return new ProviderFailure(`ElevenLabs call failed (${what}): ${(error as Error)?.message ?? error}`, true);
}

function detail(body: unknown): string {
  const d = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof d === 'string') return d;
  if (d && typeof d === 'object' && 'message' in d) return String((d as { message: unknown }).message);
  if (Array.isArray(d)) return d.map((x) => (x as { msg?: string }).msg ?? '').join('; ');
  return 'no detail';
}
