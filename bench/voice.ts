import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaWorker } from '@storyloom/functions/routes';
import { bundleHandlers, handlerEntries, workerFunctionId } from '../infra/lib/bundle.ts';
import { billingRows } from './voice-billing.ts';

/**
 * The local voice engine (docs/voice.md): real-time factor of synthesis and of MP3 encoding apart, an
 * 8,000-word story's whole narration (budget: under 60 s on 2 cores) with its peak memory, and the media
 * worker's bundle: size on disk and import time in a fresh Node process; then characters billed per
 * ElevenLabs narration on its fake with 5 % injected failures (budget ≤ 1.05 × the story's length).
 */
const node = process.execPath;
const tsx = ['--import', 'tsx'];

function child(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(node, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
}

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await dirSize(path) : (await stat(path)).size;
  }
  return total;
}

export async function voiceBench(): Promise<void> {
  const rows: Array<[string, string, string]> = [];
  // A short story first: the real-time factors.
  const small = JSON.parse(
    child([...tsx, 'bench/voice-narrate-child.ts', '600'])
      .trim()
      .split('\n')
      .pop()!,
  );
  rows.push(['cold start (eSpeak-NG load + pitch calibration)', `${(small.coldMs / 1000).toFixed(2)} s`, '']);
  rows.push([
    'real-time factor, synthesis',
    (small.synthesisMs / 1000 / small.audioSeconds).toFixed(4),
    `${small.words} words, ${small.audioSeconds.toFixed(0)} s of audio`,
  ]);
  rows.push([
    'real-time factor, MP3 encoding (resample + lamejs)',
    (small.encodingMs / 1000 / small.audioSeconds).toFixed(4),
    '16 kHz mono, 64 kbit/s',
  ]);

  const big = JSON.parse(
    child([...tsx, 'bench/voice-narrate-child.ts', '8000'])
      .trim()
      .split('\n')
      .pop()!,
  );
  rows.push([
    '8,000-word story: whole narration',
    `${(big.totalMs / 1000).toFixed(1)} s`,
    `budget < 60 s; ${(big.audioSeconds / 60).toFixed(1)} min of audio, ${big.timedWords} words timed, ${(big.mp3Bytes / 1024 / 1024).toFixed(1)} MB MP3`,
  ]);
  rows.push([
    '  of which synthesis / encoding',
    `${(big.synthesisMs / 1000).toFixed(1)} s / ${(big.encodingMs / 1000).toFixed(1)} s`,
    'one core (eSpeak-NG and lamejs are single-threaded)',
  ]);
  rows.push(['  peak memory (process max RSS)', `${big.maxRssMb.toFixed(0)} MB`, 'media worker has 2,048 MB']);

  const out = await mkdtemp(join(tmpdir(), 'storyloom-voice-bench-'));
  try {
    const id = workerFunctionId(mediaWorker);
    await bundleHandlers(handlerEntries([], [mediaWorker]), out, 'silent');
    const bundle = join(out, id);
    const code = (await stat(join(bundle, 'index.mjs'))).size;
    rows.push([
      'media worker bundle: index.mjs',
      `${(code / 1024 / 1024).toFixed(1)} MB`,
      'ElevenLabs SDK, decoders, lamejs, AWS SDK',
    ]);
    rows.push([
      '  with eSpeak-NG beside it',
      `${((await dirSize(bundle)) / 1024 / 1024).toFixed(1)} MB`,
      'script + 24 MB voice data',
    ]);
    const env = {
      TABLE_NAME: 'bench',
      MEDIA_BUCKET: 'bench',
      JOBS_QUEUE_URL: 'http://127.0.0.1:9/q',
      USER_POOL_ID: 'us-east-1_bench',
      USER_POOL_CLIENT_ID: 'bench',
      SES_FROM_ADDRESS: 'a@example.com',
      CONTACT_TO_ADDRESS: 'b@example.com',
      APP_URL: 'http://localhost',
      LOG_LEVEL: 'silent',
    };
    const imports: number[] = [];
    for (let i = 0; i < 3; i++) {
      const script = `const t=performance.now();await import(${JSON.stringify(join(bundle, 'index.mjs'))});console.log(performance.now()-t)`;
      imports.push(Number(child(['--input-type=module', '-e', script], env).trim()));
    }
    imports.sort((a, b) => a - b);
    rows.push([
      'media worker: import time (median of 3)',
      `${imports[1]!.toFixed(0)} ms`,
      'eSpeak-NG itself loads on the first job',
    ]);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  // ElevenLabs on its fake: what a narration pays with failures and redeliveries (voice-billing.ts).
  rows.push(...(await billingRows()));
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padStart(10)}  ${note}`);
}
