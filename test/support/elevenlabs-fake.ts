import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeVoiceAccount } from './elevenlabs-fake-voices.ts';
import { STT_MAX_FILE_BYTES, type SttBehaviour, sttReply } from './elevenlabs-stt-fake.ts';
import { modelsReply, seededRandom, type TtsBehaviour, ttsReply } from './elevenlabs-tts-fake.ts';

export { toneMp3 } from './elevenlabs-tts-fake.ts';

/**
 * A local HTTP server that speaks ElevenLabs' wire format for the calls the adapter makes (shapes
 * from the SDK's own serializers, which validate strictly): instant voice cloning, voice search and
 * lookup, deletion, speech to text (elevenlabs-stt-fake.ts), and text to speech with timestamps (a real MP3 whose length follows the text, and
 * a linear character alignment). Tests script failures per route. The voice endpoints keep the provider's
 * real rules (one shared account, slot limit, `voice_not_found`): elevenlabs-fake-voices.ts.
 */
export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (time-out tests). */
  delayMs?: number;
  /** Do what the call asks (e.g. make the voice), then answer with this reply instead: a lost response. */
  afterSuccess?: boolean;
  /** Characters billed when this reply is given (text to speech; see elevenlabs-tts-fake.ts). */
  billed?: number;
  /** Answer only once this settles (a test holds a job at one step until it has seen what it wants). */
  until?: Promise<unknown>;
}

export type FakeRoute = 'clone' | 'search' | 'get' | 'delete' | 'tts' | 'models' | 'stt';

export interface RecordedRequest {
  route: FakeRoute | 'unknown';
  method: string;
  path: string;
  apiKey: string | undefined;
  body: string;
}

export interface ElevenLabsFake {
  url: string;
  /** The one provider account every key shares: its voices, slot limit, clones live now. */
  account: FakeVoiceAccount;
  requests: RecordedRequest[];
  /** Replies used, in order, before the default success for that route. */
  script(route: FakeRoute, ...replies: FakeReply[]): void;
  /** Every call of the route answers this from now on (until reset). */
  always(route: FakeRoute, reply: FakeReply): void;
  reset(): void;
  close(): Promise<void>;
  /** Characters billed by text to speech since the last reset, requests the client gave up on included. */
  readonly billedCharacters: number;
  /** Text of every billed request, in order (which chunk was paid for how often). */
  readonly billedTexts: readonly string[];
  /** Latency and injected failures of text to speech (reset restores none). */
  behave(behaviour: Partial<TtsBehaviour>): void;
  /** Speech to text: what recordings "say", its latency, file limit and keys (change the fields freely). */
  stt: SttBehaviour;
  /** Seconds of audio billed by speech to text since the last reset. */
  readonly sttBilledSeconds: number;
}

function routeOf(method: string, path: string): FakeRoute | 'unknown' {
  if (method === 'POST' && path === '/v1/voices/add') return 'clone';
  if (method === 'GET' && path === '/v2/voices') return 'search';
  if (method === 'GET' && /^\/v1\/voices\/[^/]+$/.test(path)) return 'get';
  if (method === 'DELETE' && /^\/v1\/voices\/[^/]+$/.test(path)) return 'delete';
  if (method === 'POST' && /^\/v1\/text-to-speech\/[^/]+\/with-timestamps$/.test(path)) return 'tts';
  if (method === 'GET' && path === '/v1/models') return 'models';
  if (method === 'POST' && path === '/v1/speech-to-text') return 'stt';
  return 'unknown';
}

export interface ElevenLabsFakeOptions {
  /** Custom-voice slots of the account (Starter: 10). */
  slotLimit?: number;
  /** Every voice call (add, get, search, delete) answers after this long, like the real service. */
  voiceLatencyMs?: number;
  /** Speech to text answers after this long. */
  sttLatencyMs?: number;
  /** Speech to text refuses files of this size or more (the provider's own limit by default). */
  sttMaxFileBytes?: number;
  /** Keys the account has (speech to text answers 401 to others); any key by default. */
  apiKeys?: readonly string[];
}

const VOICE_ROUTES: ReadonlySet<FakeRoute> = new Set(['clone', 'search', 'get', 'delete']);

export async function startElevenLabsFake(options: ElevenLabsFakeOptions = {}): Promise<ElevenLabsFake> {
  const scripted = new Map<FakeRoute, FakeReply[]>();
  const fixed = new Map<FakeRoute, FakeReply>();
  const requests: RecordedRequest[] = [];
  const account = new FakeVoiceAccount({ slotLimit: options.slotLimit });
  let behaviour: TtsBehaviour = { latencyMs: 0, failureRate: 0, stallMs: 0, seed: 1 };
  let draw = seededRandom(behaviour.seed);
  let injected = 0;
  let billedCharacters = 0;
  const billedTexts: string[] = [];
  let sttBilledSeconds = 0;
  const stt: SttBehaviour = {
    text: 'This is what the recording says.',
    latencyMs: options.sttLatencyMs ?? 0,
    maxFileBytes: options.sttMaxFileBytes ?? STT_MAX_FILE_BYTES,
    apiKeys: options.apiKeys,
  };

  const success = (route: FakeRoute | 'unknown', path: string, body: string, query: URLSearchParams): FakeReply => {
    const voiceId = () => decodeURIComponent(path.split('/')[3]!);
    switch (route) {
      case 'clone':
        return account.add(body);
      case 'search':
        return account.search(query);
      case 'get':
        return account.get(voiceId());
      case 'delete':
        return account.delete(voiceId());
      case 'tts':
        return ttsReply(voiceId(), body, (id) => account.voices.has(id), behaviour, draw, injected++);
      case 'models':
        return modelsReply();
      default:
        return { status: 404, body: { detail: 'Not Found' } };
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const route = routeOf(req.method ?? 'GET', path);
      const raw = Buffer.concat(chunks);
      // Multipart samples stay byte for byte (latin1); JSON bodies are UTF-8.
      const body = raw.toString(route === 'clone' || route === 'stt' ? 'latin1' : 'utf8');
      const apiKey = req.headers['xi-api-key'] as string | undefined;
      requests.push({ route, method: req.method ?? '', path, apiKey, body });
      const failure = route !== 'unknown' ? (scripted.get(route)?.shift() ?? fixed.get(route)) : undefined;
      const answerStt = async () => {
        const reply = await sttReply(raw, req.headers, apiKey, stt);
        sttBilledSeconds += reply.billedSeconds ?? 0;
        return reply;
      };
      if (failure?.afterSuccess && route === 'stt') await answerStt();
      else if (failure?.afterSuccess) success(route, path, body, url.searchParams);
      const succeeded = failure
        ? undefined
        : route === 'stt'
          ? await answerStt()
          : success(route, path, body, url.searchParams);
      const reply = failure ?? {
        ...succeeded!,
        ...(route !== 'unknown' && VOICE_ROUTES.has(route) ? { delayMs: options.voiceLatencyMs } : {}),
      };
      if (reply.billed) {
        billedCharacters += reply.billed;
        billedTexts.push((JSON.parse(body) as { text: string }).text);
      }
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      if (reply.until) void reply.until.then(answer, answer);
      else if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    account,
    requests,
    script(route, ...replies) {
      scripted.set(route, [...(scripted.get(route) ?? []), ...replies]);
    },
    always(route, reply) {
      fixed.set(route, reply);
    },
    reset() {
      scripted.clear();
      fixed.clear();
      requests.length = 0;
      billedCharacters = 0;
      billedTexts.length = 0;
      sttBilledSeconds = 0;
    },
    stt,
    get sttBilledSeconds() {
      return sttBilledSeconds;
    },
    get billedCharacters() {
      return billedCharacters;
    },
    billedTexts,
    behave(change) {
      behaviour = { ...behaviour, ...change };
      draw = seededRandom(behaviour.seed);
      injected = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
