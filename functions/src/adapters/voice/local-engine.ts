import type { EspeakEvent, EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import type { WordTiming } from '@storyloom/shared/narration';
import { SAMPLE_MAX_SECONDS } from '@storyloom/shared/voice';
import { Mp3Writer } from './audio/mp3.ts';
import { medianPitch } from './audio/pitch.ts';
import { withSlack } from './audio/probe.ts';
import { Resampler } from './audio/resample.ts';
import { analyseSampleAudio } from './audio/sample-audio.ts';
import type { CloneRequest, Synthesis, SynthesisOptions, VoiceEngine, VoiceInfo } from './engine.ts';
import { VoiceEngineError } from './engine.ts';
import {
  type Family,
  LOCAL_CLONE_LABEL,
  LOCAL_PRESETS,
  type LocalVoiceParams,
  localVoiceId,
  parseLocalVoiceId,
} from './local-voices.ts';
import { heavyWork } from './offload.ts';
import { chunkText, type TextSpan, words } from './text.ts';

/**
 * The local voice engine: eSpeak-NG (GPL-3.0, compiled to WASM) fitted to a user's sample by its
 * median pitch and speaking rate. It does not copy the timbre of a voice, and the app says so:
 * "Local voice — matches your pitch and pace". No account, no network, no model weights.
 */

const FAMILY_VOICE: Record<Family, string> = { m: 'en-us', f: 'en-us+f3' };
/** Below this median a sample is fitted with the male family, above it with the female one. */
const FAMILY_SPLIT_HZ = 150;
const DEFAULT_WPM = 165;
const MIN_WPM = 120;
const MAX_WPM = 230;
/** eSpeak speaks 22,050 Hz; narrations are stored at 16 kHz (speech loses nothing; encoding is cheaper). */
const OUTPUT_RATE = 16_000;
/** Text per eSpeak call: small enough that the event loop is never held for long. */
const CHUNK_CHARS = 600;

let espeak: Promise<EspeakWorker> | undefined;

/** One eSpeak instance per process, loaded on first use (about 150 ms; its data file is 24 MB). */
function loadEspeak(): Promise<EspeakWorker> {
  espeak ??= (async () => {
    const { default: init } = await import('@echogarden/espeak-ng-emscripten');
    const module = await init();
    return new module.eSpeakNGWorker();
  })();
  return espeak;
}

const calibrations = new Map<Family, Promise<Array<[pitch: number, hz: number]>>>();
const CALIBRATION_TEXT =
  'When I was a little girl, we lived in a white house by the river. Every summer my grandmother came to stay, and she told us stories about the old country until the stars came out.';

/**
 * Measures, once per process and family, which median F0 each eSpeak pitch setting gives (with the
 * same tracker that analyses samples), so a target pitch maps to a setting by interpolation.
 */
function calibrate(family: Family): Promise<Array<[number, number]>> {
  let table = calibrations.get(family);
  if (!table) {
    table = (async () => {
      const worker = await loadEspeak();
      const points: Array<[number, number]> = [];
      for (const pitch of [0, 20, 40, 60, 80, 99]) {
        // Local mode serves the API from this process: let requests through between measurements.
        await new Promise((resolve) => setImmediate(resolve));
        const pcm = synthesizeRaw(worker, CALIBRATION_TEXT, FAMILY_VOICE[family], pitch, DEFAULT_WPM).samples;
        const hz = medianPitch(toFloat(pcm), worker.get_samplerate());
        if (hz) points.push([pitch, hz]);
      }
      if (points.length < 2) throw new Error('eSpeak calibration failed');
      return points;
    })();
    calibrations.set(family, table);
  }
  return table;
}

function pitchSetting(table: Array<[number, number]>, hz: number): number {
  // F0 grows roughly exponentially with the setting: interpolate in log-frequency.
  const target = Math.log(hz);
  for (let i = 1; i < table.length; i++) {
    const [p0, h0] = table[i - 1]!;
    const [p1, h1] = table[i]!;
    if (target <= Math.log(h1) || i === table.length - 1) {
      const t = (target - Math.log(h0)) / (Math.log(h1) - Math.log(h0));
      return Math.max(0, Math.min(99, Math.round(p0 + t * (p1 - p0))));
    }
  }
  return 50;
}

function toFloat(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
}

function synthesizeRaw(worker: EspeakWorker, text: string, voice: string, pitch: number, wpm: number) {
  worker.set_voice(voice);
  worker.pitch = pitch;
  worker.rate = wpm;
  const parts: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  worker.synthesize(text, (samples, evs) => {
    parts.push(samples);
    events.push(...evs);
    return false;
  });
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  return { samples, events };
}

/** Fits a local voice to a sample: its median pitch picks family and setting, its syllable rate the pace. */
export async function fitLocalVoice(sample: Uint8Array): Promise<LocalVoiceParams> {
  const pool = heavyWork();
  if (pool) return pool.fitLocalVoice(sample);
  // The sample was measured when it was uploaded; decoding is still capped in case it was not.
  const analysis = await analyseSampleAudio(sample, { maxSeconds: withSlack(SAMPLE_MAX_SECONDS) });
  if (!analysis.ok) throw new VoiceEngineError(`The sample cannot be decoded: ${analysis.detail}`, false);
  const { stats } = analysis;
  if (!stats.medianHz) throw new VoiceEngineError('No voice found in the sample', false);
  const family: Family = stats.medianHz < FAMILY_SPLIT_HZ ? 'm' : 'f';
  // Conversational English runs near 4.5 syllables a second of speech at eSpeak's 165 words a minute.
  const wpm = stats.syllablesPerSecond > 0 ? (DEFAULT_WPM * stats.syllablesPerSecond) / 4.5 : DEFAULT_WPM;
  return { family, hz: stats.medianHz, wpm: Math.max(MIN_WPM, Math.min(MAX_WPM, wpm)) };
}

/**
 * Maps eSpeak's word events (1-based code-point positions into the chunk, milliseconds into the
 * chunk's audio) onto our own words of the chunk, so every word gets a time even where eSpeak
 * expands one (numbers) or merges some.
 */
function timeWords(chunk: TextSpan, events: EspeakEvent[], chunkSeconds: number, startAt: number): WordTiming[] {
  const cpToUtf16: number[] = [];
  for (let i = 0; i < chunk.text.length; i++) {
    cpToUtf16.push(i);
    const code = chunk.text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) i++;
  }
  const marks = events
    .filter((e) => e.type === 'word')
    .map((e) => ({
      at: chunk.offset + (cpToUtf16[e.text_position - 1] ?? chunk.text.length),
      t: e.audio_position / 1000,
    }));
  const ends = events.filter((e) => e.type === 'end').map((e) => e.audio_position / 1000);
  const spans = words(chunk.text, chunk.offset);
  const starts: Array<number | undefined> = spans.map((w) => {
    const hit = marks.find((m) => m.at >= w.offset && m.at < w.offset + w.length);
    return hit?.t;
  });
  // Words eSpeak gave no event of its own: spread them between the neighbours that have one.
  for (let i = 0; i < spans.length; i++) {
    if (starts[i] !== undefined) continue;
    let j = i;
    while (j < spans.length && starts[j] === undefined) j++;
    const before = i > 0 ? starts[i - 1]! : 0;
    const after = j < spans.length ? starts[j]! : chunkSeconds;
    for (let k = i; k < j; k++) starts[k] = before + ((after - before) * (k - i + 1)) / (j - i + 1);
    i = j - 1;
  }
  let previous = 0;
  return spans.map((w, i) => {
    const start = Math.max(previous, starts[i]!);
    previous = start;
    const next = i + 1 < spans.length ? Math.max(start, starts[i + 1]!) : chunkSeconds;
    const pause = ends.find((e) => e > start && e < next);
    const end = pause ?? next;
    return { text: w.text, start: startAt + start, end: startAt + end, offset: w.offset, length: w.length };
  });
}

export class LocalVoiceEngine implements VoiceEngine {
  readonly kind = 'local' as const;
  readonly cloneLabel = LOCAL_CLONE_LABEL;

  async clone(request: CloneRequest): Promise<{ voiceId: string }> {
    return { voiceId: localVoiceId(await fitLocalVoice(request.sample)) };
  }

  async listVoices(): Promise<VoiceInfo[]> {
    return LOCAL_PRESETS.map((v) => ({ ...v }));
  }

  async hasVoice(voiceId: string): Promise<boolean> {
    return parseLocalVoiceId(voiceId) !== undefined;
  }

  async deleteVoice(): Promise<void> {
    // A local voice is only its id: nothing lives anywhere else.
  }

  async synthesize(voiceId: string, text: string, options: SynthesisOptions = {}): Promise<Synthesis> {
    // Local mode: a worker thread does it (offload.ts), so the API is not held up while it runs.
    const pool = heavyWork();
    return pool ? pool.synthesizeLocal(voiceId, text, options) : synthesizeHere(voiceId, text, options);
  }
}

/** Speaks a text with a local voice in this thread: eSpeak-NG, resampling, MP3 encoding, word timings. */
export async function synthesizeHere(
  voiceId: string,
  text: string,
  options: SynthesisOptions = {},
): Promise<Synthesis> {
  const params = parseLocalVoiceId(voiceId);
  if (!params) throw new VoiceEngineError(`Unknown local voice ${voiceId}`, false);
  const worker = await loadEspeak();
  const pitch = pitchSetting(await calibrate(params.family), params.hz);
  const rate = worker.get_samplerate();
  const resampler = new Resampler(rate, OUTPUT_RATE);
  const writer = await Mp3Writer.create(OUTPUT_RATE);
  const timings: WordTiming[] = [];
  const chunks = chunkText(text, CHUNK_CHARS);
  let seconds = 0;
  const measure = options.measure;
  for (const [index, chunk] of chunks.entries()) {
    if (options.signal?.aborted) throw new VoiceEngineError('Narration cancelled', true);
    let t = performance.now();
    const { samples, events } = synthesizeRaw(worker, chunk.text, FAMILY_VOICE[params.family], pitch, params.wpm);
    if (measure) measure.synthesisMs += performance.now() - t;
    t = performance.now();
    const resampled = resampler.run(toFloat(samples));
    const chunkSeconds = resampled.length / OUTPUT_RATE;
    timings.push(...timeWords(chunk, events, chunkSeconds, seconds));
    writer.write(resampled);
    if (measure) measure.encodingMs += performance.now() - t;
    seconds += chunkSeconds;
    await options.onProgress?.((index + 1) / chunks.length);
    // Let the process breathe between chunks (local mode serves the API from this process too).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const t = performance.now();
  const { mp3, duration } = writer.finish();
  if (measure) measure.encodingMs += performance.now() - t;
  return { mp3, duration, words: timings };
}
