import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Mp3Encoder } from '@breezystack/lamejs';
import { FakeVoiceAccount } from './elevenlabs-fake-voices.ts';

/**
 * A local HTTP server that speaks ElevenLabs' wire format for the calls the adapter makes (shapes
 * from the SDK's own serializers, which validate strictly): instant voice cloning, voice search and
 * lookup, deletion, and text to speech with timestamps (a real MP3 whose length follows the text, and
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
  /** Answer only once this settles (a test holds a job at one step until it has seen what it wants). */
  until?: Promise<unknown>;
}

export type FakeRoute = 'clone' | 'search' | 'get' | 'delete' | 'tts';

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
}

const SECONDS_PER_CHAR = 0.05;

function routeOf(method: string, path: string): FakeRoute | 'unknown' {
  if (method === 'POST' && path === '/v1/voices/add') return 'clone';
  if (method === 'GET' && path === '/v2/voices') return 'search';
  if (method === 'GET' && /^\/v1\/voices\/[^/]+$/.test(path)) return 'get';
  if (method === 'DELETE' && /^\/v1\/voices\/[^/]+$/.test(path)) return 'delete';
  if (method === 'POST' && /^\/v1\/text-to-speech\/[^/]+\/with-timestamps$/.test(path)) return 'tts';
  return 'unknown';
}

/** A quiet 220 Hz tone of the given length, as 44.1 kHz mono MP3 (what mp3_44100_128 would return). */
export function toneMp3(seconds: number): Uint8Array {
  const rate = 44_100;
  const pcm = new Int16Array(Math.max(1152, Math.round(seconds * rate)));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  const encoder = new Mp3Encoder(1, rate, 128);
  const parts = [encoder.encodeBuffer(pcm), encoder.flush()];
  return Buffer.concat(parts.map((p) => Buffer.from(p)));
}

export interface ElevenLabsFakeOptions {
  /** Custom-voice slots of the account (Starter: 10). */
  slotLimit?: number;
  /** Every voice call (add, get, search, delete) answers after this long, like the real service. */
  voiceLatencyMs?: number;
}

const VOICE_ROUTES: ReadonlySet<FakeRoute> = new Set(['clone', 'search', 'get', 'delete']);

export async function startElevenLabsFake(options: ElevenLabsFakeOptions = {}): Promise<ElevenLabsFake> {
  const scripted = new Map<FakeRoute, FakeReply[]>();
  const fixed = new Map<FakeRoute, FakeReply>();
  const requests: RecordedRequest[] = [];
  const account = new FakeVoiceAccount({ slotLimit: options.slotLimit });

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
      case 'tts': {
        const { text } = JSON.parse(body) as { text: string };
        const seconds = text.length * SECONDS_PER_CHAR;
        const characters = [...text];
        const starts = characters.map((_, i) => i * SECONDS_PER_CHAR);
        const alignment = {
          characters,
          character_start_times_seconds: starts,
          character_end_times_seconds: starts.map((s) => s + SECONDS_PER_CHAR),
        };
        return {
          status: 200,
          body: {
            audio_base64: Buffer.from(toneMp3(seconds)).toString('base64'),
            alignment,
            normalized_alignment: alignment,
          },
        };
      }
      default:
        return { status: 404, body: { detail: 'Not Found' } };
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const body = Buffer.concat(chunks).toString('latin1');
      const route = routeOf(req.method ?? 'GET', path);
      const apiKey = req.headers['xi-api-key'] as string | undefined;
      requests.push({ route, method: req.method ?? '', path, apiKey, body });
      const failure = route !== 'unknown' ? (scripted.get(route)?.shift() ?? fixed.get(route)) : undefined;
      if (failure?.afterSuccess) success(route, path, body, url.searchParams);
      const reply = failure ?? {
        ...success(route, path, body, url.searchParams),
        delayMs: route !== 'unknown' && VOICE_ROUTES.has(route) ? options.voiceLatencyMs : undefined,
      };
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
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
