/**
 * What one question costs through the real API (`npm run bench -- interactive`): the local stack in this
 * process, a public narrated story (a dev story, with word timings one word every 0.3 s), one listening
 * session, and every dev question of that story asked over HTTP. Counts the DynamoDB calls and the reads of
 * the timings file each question makes (a middleware on the same client instances the handlers use, as in
 * bench/stories.ts), and times the spoken answers end to end.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from '../stats.ts';
import { loadEvalSet } from './score.ts';

export interface CallFigures {
  questions: number;
  maxCalls: number;
  callsP50: number;
  timingsReads: number;
  httpP50: number;
  httpP95: number;
}

export async function questionCosts(): Promise<CallFigures> {
  // Loaded here, not at the top: the quality figures print even where the local stack cannot start.
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-bench-interactive-'));
  const stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
  try {
    const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
    const { s3 } = await import('@storyloom/functions/lib/clients/s3');
    const data = await import('@storyloom/functions/data/stories');
    const { putMedia } = await import('@storyloom/functions/data/media');
    const { setStoryNarration, voiceMedia } = await import('@storyloom/functions/data/voice');
    const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
    const { LOCAL_PRESETS } = await import('@storyloom/functions/adapters/voice/local-voices');
    const { logContext } = await import('@storyloom/functions/lib/logger');
    let dynamoCalls = 0;
    let timingsReads = 0;
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        // Only the question route's own calls: the stack's sweeps share the client (test/api/interactive-calls.test.ts).
        if (/interactive-question/.test(logContext()?.functionName ?? '')) dynamoCalls++;
        return next(args);
      },
      { step: 'initialize', name: 'benchDynamoCounter' },
    );
    s3.middlewareStack.add(
      (next, context) => async (args) => {
        const key = (args.input as { Key?: string }).Key ?? '';
        if (context.commandName === 'GetObjectCommand' && key.endsWith('.timings.json')) timingsReads++;
        return next(args);
      },
      { step: 'initialize', name: 'benchTimingsCounter' },
    );

    const story = loadEvalSet('dev')[0]!;
    const username = `benchi${randomUUID().slice(0, 6)}`;
    const user = await createUser({
      username,
      email: `${username}@example.com`,
      password: `pw-${randomUUID()}`,
      emailVerified: true,
    });
    const id = randomUUID();
    const now = new Date().toISOString();
    await data.putNewStory({
      id,
      authorId: user.id,
      authorUsername: username,
      title: story.title,
      content: story.content,
      storyType: 'text',
      location: story.location,
      startDate: story.start_date,
      endDate: story.end_date,
      createdAt: now,
      updatedAt: now,
      isPublic: true,
      allowComments: true,
    });
    const words = [...story.content.matchAll(/[\w']+/g)].map((m, i) => ({
      text: m[0],
      offset: m.index!,
      length: m[0].length,
      start: i * 0.3,
      end: i * 0.3 + 0.25,
    }));
    const narrationId = randomUUID();
    const audioKey = voiceMedia.narrationAudio(user.id, id, narrationId);
    await putMedia(audioKey, new Uint8Array([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg');
    await putMedia(
      voiceMedia.narrationTimings(user.id, id, narrationId),
      new TextEncoder().encode(JSON.stringify({ duration: words.length * 0.3 + 1, words })),
      'application/json',
    );
    await setStoryNarration(id, { audioKey, voiceId: LOCAL_PRESETS[0]!.id });

    const post = (path: string, body: unknown) =>
      fetch(`${stack.url}/backend${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const start = (await (await post(`/shared/interactive/start/${id}`, {})).json()) as { session_id: string };
    const calls: number[] = [];
    const times: number[] = [];
    const duration = words.length * 0.3;
    const questions = story.questions.slice(0, 35);
    for (const [i, q] of questions.entries()) {
      const before = dynamoCalls;
      const started = performance.now();
      const res = await post(`/shared/interactive/question/${start.session_id}`, {
        question: q.q,
        asked_at: (duration * (i + 1)) / questions.length,
      });
      await res.json();
      times.push(performance.now() - started);
      calls.push(dynamoCalls - before);
      if (res.status !== 200) throw new Error(`question answered ${res.status}`);
    }
    return {
      questions: questions.length,
      maxCalls: Math.max(...calls),
      callsP50: percentile(calls, 50),
      timingsReads,
      httpP50: percentile(times, 50),
      httpP95: percentile(times, 95),
    };
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
