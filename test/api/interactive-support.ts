import type { InteractiveSessionDto, QuestionAnswerDto } from '@storyloom/shared/interactive';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { type ApiResponse, api } from '../support/http.ts';
import { narrateStory } from '../support/narration.ts';
import { type Caller, createStory } from '../support/stories.ts';

/** A story whose facts sit one per sentence, so the heard cut can be placed between them. */
export const GRANDPA_STORY =
  'I met your grandfather at the Roseland dance hall in 1952. He was working at the shipyard then. ' +
  'We were married at St. Agnes Church the next June. Years later we bought a little house on Maple Street.';

/** A narrated story of this owner (local voice engine, real timings). */
export async function narratedStory(owner: Caller, content = GRANDPA_STORY, title = 'How I met your grandfather') {
  const story = await createStory(owner, { title, content });
  const timings = await narrateStory(story);
  return { story: story as StoryDto, timings };
}

/** Seconds just before the narration starts the word `word` (so the sentence holding it is not yet heard). */
export function justBefore(timings: NarrationTimings, word: string): number {
  const found = timings.words.find((w) => w.text === word);
  if (!found) throw new Error(`no timed word ${word}`);
  return Math.max(0, found.start - 0.01);
}

/** A loopback address of its own, so per-client limits of one test do not touch another's. */
export function ownAddress(): string {
  const b = () => Math.floor(Math.random() * 250) + 1;
  return `127.${100 + Math.floor(Math.random() * 150)}.${b()}.${b()}`;
}

export function startOwner(owner: Caller, storyId: string) {
  return api<InteractiveSessionDto>('POST', `/api/interactive/start/${storyId}`, { token: owner.token });
}

export function startShared(tokenOrId: string, localAddress?: string) {
  return api<InteractiveSessionDto>('POST', `/shared/interactive/start/${tokenOrId}`, { localAddress });
}

export function ask(
  sessionId: string,
  question: string,
  opts: { token?: string; askedAt?: number; localAddress?: string; follows?: unknown } = {},
): Promise<ApiResponse<QuestionAnswerDto>> {
  const base = opts.token ? '/api' : '/shared';
  return api<QuestionAnswerDto>('POST', `${base}/interactive/question/${sessionId}`, {
    token: opts.token,
    body: {
      question,
      ...(opts.askedAt === undefined ? {} : { asked_at: opts.askedAt }),
      ...(opts.follows === undefined ? {} : { follows: opts.follows }),
    },
    localAddress: opts.localAddress,
  });
}

export async function shareLinkOf(owner: Caller, storyId: string): Promise<string> {
  const res = await api<{ share_token: string }>('POST', `/api/stories/${storyId}/share-link`, { token: owner.token });
  if (res.status !== 201 && res.status !== 200) throw new Error(`share link: ${res.status} ${res.text}`);
  return res.body.share_token;
}
