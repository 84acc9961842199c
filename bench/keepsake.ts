import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mediaWorker } from '@storyloom/functions/routes';
import { startLocalStack } from '../infra/local/stack.ts';
import { mp3File } from '../test/support/media-files.ts';
import { seedBenchPhotos } from './keepsake-photos.ts';
import { table } from './stats.ts';

/**
 * Keepsake benchmark (`npm run bench -- keepsake`, docs/keepsake.md): one storyteller with 200 stories,
 * 100 of them recorded (a minute of MP3 each) and 300 photos, in the local stack started in this process;
 * then the zip of everything and the book of every story, each built in a fresh child process as the
 * media worker builds it, timed with its peak RSS. Targets: under 2 minutes and 512 MB each.
 */
const STORIES = Number(process.env.BENCH_KEEPSAKE_STORIES ?? 200);
const RECORDINGS = Number(process.env.BENCH_KEEPSAKE_RECORDINGS ?? 100);
const PHOTOS = Number(process.env.BENCH_KEEPSAKE_PHOTOS ?? 300);
const TARGET_MS = 2 * 60 * 1000;
const TARGET_MB = 512;

const paragraph =
  'We spent the summer at the lake house, where Grandpa taught us to fish before sunrise and Grandma ' +
  'kept a pot of coffee on the stove all day. The dock creaked, the loons called, and every evening ' +
  'we played cards on the porch until the mosquitoes chased us inside. ';

export async function keepsakeBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-keepsake-bench-'));
  const stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
  try {
    const data = await import('@storyloom/functions/data/stories');
    const { putMedia, mediaKeys } = await import('@storyloom/functions/data/media');
    const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
    const username = `benchbook${randomUUID().slice(0, 6)}`;
    const user = await createUser({
      username,
      email: `${username}@example.com`,
      password: `pw-${randomUUID()}`,
      emailVerified: true,
    });

    console.log(`Seeding ${STORIES} stories, ${RECORDINGS} recordings, ${PHOTOS} photos…`);
    const seedStart = performance.now();
    // One minute of speech-like MP3 (64 kbit/s, ~480 KB): the size of a short recorded memory.
    const recording = mp3File(60);
    const storyIds: string[] = [];
    for (let k = 0; k < STORIES; k++) {
      const id = randomUUID();
      const at = new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString();
      // Every second story recorded, until RECORDINGS (100 of 200).
      const recorded = k % 2 === 0 && k / 2 < RECORDINGS;
      const audioKey = recorded ? mediaKeys.storyAudio(user.id, id, randomUUID(), 'mp3') : undefined;
      if (audioKey) await putMedia(audioKey, recording, 'audio/mpeg');
      await data.putNewStory({
        id,
        authorId: user.id,
        authorUsername: username,
        title: `Story ${k}: the summer at the lake house`,
        content: paragraph.repeat(3 + (k % 12)),
        storyType: recorded ? 'audio' : 'text',
        location: 'Lake Tahoe',
        // Half with a start date (out of creation order), half filed under the day written.
        startDate: k % 4 === 1 || k % 4 === 2 ? `${1950 + ((k * 7) % 70)}-07-01` : undefined,
        createdAt: at,
        updatedAt: at,
        audioKey,
        isPublic: false,
        allowComments: true,
      });
      storyIds.push(id);
    }
    const photos = await seedBenchPhotos(user.id, storyIds, PHOTOS);
    console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${photos} photos).\n`);

    const rows: string[][] = [];
    const builds: Array<[string, 'export' | 'book', Record<string, unknown> | undefined]> = [
      ['zip of everything', 'export', undefined],
      [
        'book, US Letter, every story',
        'book',
        { title: 'The Lake House Years', dedication: 'For the grandchildren', page_size: 'letter' },
      ],
    ];
    for (const [label, kind, options] of builds) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'bench/keepsake-child.ts', kind, user.id, JSON.stringify(options ?? null)],
        // The media worker's own process settings (MALLOC_ARENA_MAX), as its Lambda function has them.
        { env: { ...process.env, ...stack.env, ...mediaWorker.environment }, maxBuffer: 16 * 1024 * 1024 },
      );
      const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
      if (result.unavailable) {
        rows.push([label, 'not built', '', 'no builder for this kind on this branch']);
        continue;
      }
      rows.push([
        label,
        `${(result.ms / 1000).toFixed(1)} s`,
        `${result.maxRssMb.toFixed(0)} MB`,
        `${(result.bytes / 1024 / 1024).toFixed(1)} MB result; ${result.baseRssMb.toFixed(0)} MB before building; targets < ${TARGET_MS / 60000} min, < ${TARGET_MB} MB: ${result.ms < TARGET_MS && result.maxRssMb < TARGET_MB ? 'met' : 'MISSED'}`,
      ]);
    }
    console.log(table(['build', 'time', 'peak RSS', 'notes'], rows));
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
