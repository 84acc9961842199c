import { ElevenLabsClient, ElevenLabsError, ElevenLabsTimeoutError } from '@elevenlabs/elevenlabs-js';
import type { WordTiming } from '@storyloom/shared/narration';
import { concatMp3, mp3Duration } from './audio/mp3-frames.ts';
import type { CloneRequest, Synthesis, SynthesisOptions, VoiceEngine, VoiceInfo } from './engine.ts';
import { VoiceEngineError } from './engine.ts';
import { chunkText, type TextSpan, words } from './text.ts';

export interface ElevenLabsOptions {
  apiKey: string;
  /** For contract tests against a local fake; the SDK's production URL otherwise. */
  baseUrl?: string;
  modelId?: string;
  /** Characters per text-to-speech request, under the model's own limit (multilingual v2: 10,000). */
  maxChars?: number;
  /** Per-request time-out. */
  timeoutSeconds?: number;
  /** Attempts per request, the first included (429, 5xx and time-outs are retried). */
  attempts?: number;
  /** Base of the exponential backoff between attempts. */
  backoffMs?: number;
  /** The longest wait a `retry-after` may ask for before we give up and let the job retry later. */
  maxRetryAfterSeconds?: number;
}

const DEFAULTS = {
  modelId: 'eleven_multilingual_v2',
  maxChars: 4500,
  timeoutSeconds: 60,
  attempts: 4,
  backoffMs: 500,
  maxRetryAfterSeconds: 30,
};

/** Characters of context sent before and after each chunk, so the joins sound continuous. */
const CONTEXT_CHARS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  constructor(options: ElevenLabsOptions) {
    this.options = {
      modelId: options.modelId ?? DEFAULTS.modelId,
      maxChars: options.maxChars ?? DEFAULTS.maxChars,
      timeoutSeconds: options.timeoutSeconds ?? DEFAULTS.timeoutSeconds,
      attempts: options.attempts ?? DEFAULTS.attempts,
      backoffMs: options.backoffMs ?? DEFAULTS.backoffMs,
      maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? DEFAULTS.maxRetryAfterSeconds,
    };
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
      1,
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
    const chunks = chunkText(text, this.options.maxChars);
    const parts: Uint8Array[] = [];
    const timings: WordTiming[] = [];
    let seconds = 0;
    for (const [index, chunk] of chunks.entries()) {
      const previous = text.slice(Math.max(0, chunk.offset - CONTEXT_CHARS), chunk.offset).trim();
      const next = text.slice(chunk.offset + chunk.length, chunk.offset + chunk.length + CONTEXT_CHARS).trim();
      const response = await this.call('speak a text', () =>
        this.client.textToSpeech.convertWithTimestamps(
          voiceId,
          {
            text: chunk.text,
            modelId: this.options.modelId,
            outputFormat: 'mp3_44100_128',
            previousText: previous || undefined,
            nextText: next || undefined,
          },
          { abortSignal: options.signal },
        ),
      );
      const mp3 = new Uint8Array(Buffer.from(response.audioBase64, 'base64'));
      const chunkSeconds = mp3Duration(mp3);
      const alignment = response.alignment;
      timings.push(
        ...alignWords(
          chunk,
          alignment
            ? {
                characters: alignment.characters,
                starts: alignment.characterStartTimesSeconds,
                ends: alignment.characterEndTimesSeconds,
              }
            : undefined,
          chunkSeconds,
          seconds,
        ),
      );
      parts.push(mp3);
      seconds += chunkSeconds;
      await options.onProgress?.((index + 1) / chunks.length);
    }
    return { mp3: concatMp3(parts), duration: seconds, words: timings };
  }

  /** One provider call with retries: 429 waits what retry-after says, 5xx and time-outs back off exponentially. */
  private async call<T>(what: string, run: () => Promise<T>, attempts = this.options.attempts): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const failure = classify(error, what);
        if (!failure.retryable || attempt >= attempts) throw failure;
        let wait = this.options.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
        if (failure.retryAfterSeconds !== undefined) {
          if (failure.retryAfterSeconds > this.options.maxRetryAfterSeconds) throw failure;
          wait = failure.retryAfterSeconds * 1000;
        }
        await sleep(wait);
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

interface Alignment {
  characters: string[];
  starts: number[];
  ends: number[];
}

/**
 * Word timings from ElevenLabs' character alignment of one chunk. The alignment's characters are the
 * chunk's own text; where they drift (normalisation), characters are matched in order and words
 * without a match are placed between their neighbours.
 */
export function alignWords(
  chunk: TextSpan,
  alignment: Alignment | undefined,
  chunkSeconds: number,
  startAt: number,
): WordTiming[] {
  const charStart: Array<number | undefined> = new Array(chunk.text.length);
  const charEnd: Array<number | undefined> = new Array(chunk.text.length);
  if (alignment) {
    let a = 0;
    for (let i = 0; i < chunk.text.length && a < alignment.characters.length; i++) {
      // Look a few characters ahead for the same character; skip text characters the alignment lacks.
      for (let k = a; k < Math.min(alignment.characters.length, a + 8); k++) {
        if (alignment.characters[k] === chunk.text[i]) {
          charStart[i] = alignment.starts[k];
          charEnd[i] = alignment.ends[k];
          a = k + 1;
          break;
        }
      }
    }
  }
  const spans = words(chunk.text, chunk.offset);
  const found = spans.map((w) => {
    const from = w.offset - chunk.offset;
    let start: number | undefined;
    let end: number | undefined;
    for (let i = from; i < from + w.length; i++) {
      start ??= charStart[i];
      end = charEnd[i] ?? end;
    }
    return { start, end };
  });
  for (let i = 0; i < found.length; i++) {
    if (found[i]!.start !== undefined) continue;
    let j = i;
    while (j < found.length && found[j]!.start === undefined) j++;
    const before = i > 0 ? (found[i - 1]!.end ?? found[i - 1]!.start!) : 0;
    const after = j < found.length ? found[j]!.start! : chunkSeconds;
    for (let k = i; k < j; k++) {
      found[k] = {
        start: before + ((after - before) * (k - i)) / (j - i),
        end: before + ((after - before) * (k - i + 1)) / (j - i),
      };
    }
    i = j - 1;
  }
  let previous = 0;
  return spans.map((w, i) => {
    const start = Math.max(previous, found[i]!.start!);
    const end = Math.max(start, found[i]!.end ?? start);
    previous = start;
    return { text: w.text, start: startAt + start, end: startAt + end, offset: w.offset, length: w.length };
  });
}
