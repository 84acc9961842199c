import { createHash, randomBytes } from 'node:crypto';
import {
  type InteractiveSessionDto,
  interactiveText,
  SESSION_IDLE_SECONDS,
  SESSIONS_PER_CLIENT_PER_HOUR,
} from '@storyloom/shared/interactive';
import {
  claimSessionQuestion,
  deleteSession,
  getSession,
  type Listener,
  putSession,
  type SessionRecord,
  touchSession,
} from '../../data/interactive.ts';
import { consumeRateLimit } from '../../data/rate-limit.ts';
import { getStory, type StoryRecord } from '../../data/stories.ts';
import { NotFound, TooManyRequests, ValidationFailed } from '../../lib/errors.ts';
import { loadOwnedStory, loadSharedStory, visitorMayRead } from '../stories/access.ts';

/**
 * Listening sessions (docs/interactive.md, "Sessions"). A session belongs to one story and one listener: the
 * owner (signed in), or whoever holds a live share link, or anyone on a public story. Its random id is the
 * listener's credential on the shared routes. Every call checks again that the listener may still hear the
 * story, so a revoked link or a story made private ends its sessions at once.
 */

/** Which family of routes a call came through: the owner's (`/api/…`, signed in) or the shared ones. */
export type Caller = { kind: 'owner'; userId: string } | { kind: 'shared' };

const sessionEnded = () => new NotFound(interactiveText.sessionEnded);
const nowSeconds = () => Math.floor(Date.now() / 1000);
export const idleTtl = () => nowSeconds() + SESSION_IDLE_SECONDS;

/** Rate-limit subject for a client: the user, or a hash of the address (the address itself is not stored). */
export function clientKey(caller: Caller, sourceIp: string): string {
  if (caller.kind === 'owner') return `u:${caller.userId}`;
  return `ip:${createHash('sha256').update(sourceIp).digest('base64url').slice(0, 22)}`;
}

/** May this listener still hear the story? */
export function stillAllowed(story: StoryRecord, listener: Listener): boolean {
  if (listener.kind === 'owner') return story.authorId === listener.userId;
  return visitorMayRead(story, listener);
}

/** Whether answers can be spoken: the story has a narration voice and audio. */
export function isSpoken(story: StoryRecord): boolean {
  return Boolean(story.audioKey && story.narrationVoiceId);
}

/** POST /api/interactive/start/{storyId}: the owner listens to their own story. */
export async function startOwnerSession(storyId: string, userId: string): Promise<InteractiveSessionDto> {
  const story = await loadOwnedStory(storyId, userId);
  const caller: Caller = { kind: 'owner', userId };
  await limitStarts(clientKey(caller, ''));
  return open(story, { kind: 'owner', userId });
}

/** POST /shared/interactive/start/{shareToken}: a share link's token, or a public story's id. */
export async function startSharedSession(tokenOrId: string, sourceIp: string): Promise<InteractiveSessionDto> {
  const { story, visitor } = await loadSharedStory(tokenOrId);
  await limitStarts(clientKey({ kind: 'shared' }, sourceIp));
  return open(story, visitor);
}

async function limitStarts(subject: string): Promise<void> {
  await consumeRateLimit({
    scope: 'isession',
    subject,
    limit: SESSIONS_PER_CLIENT_PER_HOUR,
    windowSeconds: 3600,
    message: interactiveText.startCap,
  });
}

async function open(story: StoryRecord, listener: Listener): Promise<InteractiveSessionDto> {
  if (!story.audioKey) throw new ValidationFailed(interactiveText.noAudio);
  const session: SessionRecord = {
    id: randomBytes(32).toString('base64url'),
    storyId: story.id,
    listener,
    currentTime: 0,
    questions: 0,
    createdAt: new Date().toISOString(),
    ttl: idleTtl(),
  };
  await putSession(session);
  return { session_id: session.id, spoken: isSpoken(story), expires_in: SESSION_IDLE_SECONDS };
}

/**
 * The session and its story for a call, or the 404 "session ended": the id is unknown or expired, belongs
 * to another listener (another user's session looks like no session at all), or the listener may no longer
 * hear the story (then the session is ended at once).
 */
export async function loadSession(
  sessionId: string,
  caller: Caller,
): Promise<{ session: SessionRecord; story: StoryRecord }> {
  const session = await getSession(sessionId);
  if (!session) throw sessionEnded();
  const { listener } = session;
  const mine =
    caller.kind === 'owner'
      ? listener.kind === 'owner' && listener.userId === caller.userId
      : listener.kind !== 'owner';
  if (!mine) throw sessionEnded();
  const story = await getStory(session.storyId);
  if (!story || !stillAllowed(story, listener) || !story.audioKey) {
    await deleteSession(sessionId);
    throw sessionEnded();
  }
  return { session, story };
}

/**
 * The session and its story for a question, counting the question against the session's cap in the same
 * call (docs/interactive.md, "Calls per question": two DynamoDB calls here). 404 "session ended" as
 * `loadSession`; 429 when the session has asked its `max` questions.
 */
export async function claimQuestion(
  sessionId: string,
  caller: Caller,
  max: number,
): Promise<{ session: SessionRecord; story: StoryRecord }> {
  const session = await claimSessionQuestion(sessionId, caller, max, idleTtl());
  if (!session) {
    // The failure path only: an ended (or another listener's) session, or a full one.
    const existing = await getSession(sessionId);
    const mine =
      existing &&
      (caller.kind === 'owner'
        ? existing.listener.kind === 'owner' && existing.listener.userId === caller.userId
        : existing.listener.kind !== 'owner');
    if (mine && existing.questions >= max) throw new TooManyRequests(interactiveText.sessionCap, 60);
    throw sessionEnded();
  }
  const story = await getStory(session.storyId);
  if (!story || !stillAllowed(story, session.listener) || !story.audioKey) {
    await deleteSession(sessionId);
    throw sessionEnded();
  }
  return { session, story };
}

/** PUT …/interactive/time/{sessionId}: the playback position, whole seconds. */
export async function reportTime(
  sessionId: string,
  caller: Caller,
  currentTime: number,
): Promise<{ current_time: number }> {
  await loadSession(sessionId, caller);
  if (!(await touchSession(sessionId, { currentTime, ttl: idleTtl() }))) throw sessionEnded();
  return { current_time: currentTime };
}

/** DELETE …/interactive/end/{sessionId}. */
export async function endSession(sessionId: string, caller: Caller): Promise<{ message: string }> {
  const session = await getSession(sessionId);
  const { listener } = session ?? {};
  const mine =
    listener &&
    (caller.kind === 'owner'
      ? listener.kind === 'owner' && listener.userId === caller.userId
      : listener.kind !== 'owner');
  if (!mine || !(await deleteSession(sessionId))) throw sessionEnded();
  return { message: interactiveText.sessionEndedAck };
}
