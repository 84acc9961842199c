/**
 * `npm run bench -- media`, issue 18's half: the hostile-file set (test/support/hostile-media.ts) sent
 * through every upload route, each answer's time and the process's peak RSS growth (targets: each
 * refused in ≤ 1 s, growth ≤ 64 MB); then API latency while an 8,000-word narration is made, with the
 * work in local mode's worker threads and, for comparison, on the request thread (target: p50 within
 * 2× of idle), and the narration's own time in the worker (target ≤ 20 s).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { LocalStack } from '../infra/local/stack.ts';
import { fmt, percentile, table } from './stats.ts';

const MB = 1024 * 1024;

/** Samples the process's RSS every few milliseconds, so a short spike between two answers is seen. */
function rssPeak() {
  let peak = process.memoryUsage().rss;
  let overall = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    overall = Math.max(overall, peak);
  }, 5);
  return {
    reset: () => {
      peak = process.memoryUsage().rss;
    },
    peak: () => Math.max(peak, process.memoryUsage().rss),
    overall: () => Math.max(overall, peak, process.memoryUsage().rss),
    stop: () => clearInterval(timer),
  };
}

interface ClientLine {
  ready?: boolean;
  name: string;
  size: number;
  route: string;
  status: number;
  ms: number;
  uploadMs?: number;
}

export async function hostileFilesBench(stack: LocalStack, token: string): Promise<void> {
  const client = spawn(process.execPath, ['--import', 'tsx', 'bench/media-hostile-client.ts', stack.url, token], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sampler = rssPeak();
  let baseline = 0;
  let before = 0;
  const rows: string[][] = [];
  let slowest = 0;
  let refused = 0;
  let answers = 0;
  for await (const text of createInterface({ input: client.stdout })) {
    const line = JSON.parse(text) as ClientLine;
    if (line.ready) {
      baseline = process.memoryUsage().rss;
      sampler.reset();
      before = baseline;
      continue;
    }
    answers++;
    if (line.status >= 400 && line.status < 500) refused++;
    slowest = Math.max(slowest, line.ms);
    rows.push([
      line.name,
      `${(line.size / 1024).toFixed(0)} KB`,
      line.route,
      String(line.status),
      fmt(line.ms),
      line.uploadMs === undefined ? '' : fmt(line.uploadMs),
      ((sampler.peak() - before) / MB).toFixed(1),
    ]);
    before = process.memoryUsage().rss;
    sampler.reset();
  }
  const growth = (sampler.overall() - baseline) / MB;
  sampler.stop();
  console.log(
    '\nHostile files (issue 18): every route that takes each kind; "refused in" is the API call that refuses',
  );
  console.log(table(['file', 'size', 'route', 'status', 'refused in ms', 'upload ms', 'server RSS Δ MB'], rows));
  console.log(
    `${refused}/${answers} answers 4xx; slowest refusal ${fmt(slowest)} ms (target ≤ 1000); ` +
      `server's peak RSS growth over the set ${growth.toFixed(1)} MB (target ≤ 64; the client runs in its own process)`,
  );
}

const PARAGRAPH =
  'When I was a child we spent every summer at my grandparents’ farm near the river. My grandmother woke before the sun, ' +
  'lit the stove and baked bread while the rest of us slept. In 1957 the river flooded, and we carried the chickens up to the hayloft one by one! ' +
  'My grandfather laughed about it for years; he said the hens never forgave him. ';

/** Sequential GET /api/stories, 20 ms apart, while `busy` runs (or `count` times when idle). */
async function latencies(stack: LocalStack, token: string, until: { done: boolean } | number): Promise<number[]> {
  const times: number[] = [];
  const more = () => (typeof until === 'number' ? times.length < until : !until.done);
  while (more()) {
    const get = () => fetch(`${stack.url}/backend/api/stories`, { headers: { authorization: `Bearer ${token}` } });
    const started = performance.now();
    // A connection idle for seconds (a cold start) may be closed by the server's keep-alive timer just
    // as it is reused (ECONNRESET): a GET is safe to send again, on a fresh connection.
    const res = await get().catch(get);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

export async function narrationLatencyBench(stack: LocalStack, token: string): Promise<void> {
  const { LocalVoiceEngine } = await import('@storyloom/functions/adapters/voice/local-engine');
  const { heavyWork, registerHeavyWork } = await import('@storyloom/functions/adapters/voice/offload');
  const engine = new LocalVoiceEngine();
  const voice = 'local:f:210:165';
  const perParagraph = PARAGRAPH.split(/\s+/).filter(Boolean).length;
  const text = Array.from({ length: Math.ceil(8000 / perParagraph) }, () => PARAGRAPH).join('\n\n');
  const pool = heavyWork();
  if (!pool) throw new Error('local mode registered no worker pool');

  const idle = await latencies(stack, token, 150);
  const during = async (label: string) => {
    await engine.synthesize(voice, 'Hello.'); // eSpeak-NG loaded and calibrated where it will run
    const state = { done: false };
    const measure = { synthesisMs: 0, encodingMs: 0 };
    const started = performance.now();
    const narration = engine.synthesize(voice, text, { measure }).finally(() => {
      state.done = true;
    });
    const times = await latencies(stack, token, state);
    const result = await narration;
    return { label, times, ms: performance.now() - started, measure, audio: result.duration, mp3: result.mp3.length };
  };
  const inWorker = await during('worker threads (local mode now)');
  registerHeavyWork(undefined);
  let inline: Awaited<ReturnType<typeof during>>;
  try {
    inline = await during('request thread (before)');
  } finally {
    registerHeavyWork(pool);
  }
  const p50Idle = percentile(idle, 50);
  const rows = [
    ['idle', fmt(p50Idle), fmt(percentile(idle, 95)), fmt(Math.max(...idle)), String(idle.length), '', ''],
    ...[inWorker, inline].map((r) => [
      `during narration, ${r.label}`,
      fmt(percentile(r.times, 50)),
      fmt(percentile(r.times, 95)),
      fmt(Math.max(...r.times)),
      String(r.times.length),
      `${(percentile(r.times, 50) / p50Idle).toFixed(2)}×`,
      `${(r.ms / 1000).toFixed(1)} s (synthesis ${(r.measure.synthesisMs / 1000).toFixed(1)} s, encoding ${(r.measure.encodingMs / 1000).toFixed(1)} s)`,
    ]),
  ];
  console.log(
    `\nAPI latency (GET /api/stories, sequential, 20 ms apart) while an 8,000-word narration is made ` +
      `(${(inWorker.audio / 60).toFixed(1)} min of audio, ${(inWorker.mp3 / MB).toFixed(1)} MB MP3, WASM LAME)`,
  );
  console.log(table(['when', 'p50 ms', 'p95 ms', 'max ms', 'n', 'p50 / idle', 'narration'], rows));
  console.log('Targets: p50 during a narration within 2× of idle; the narration itself ≤ 20 s in the worker.');
}
