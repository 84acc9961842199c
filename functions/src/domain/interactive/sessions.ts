import { createHash, randomBytes } from 'node:crypto';
import {
  type InteractiveSessionDto,
  interactiveText,
  SESSION_IDLE_SECONDS,
  SESSIONS_PER_CLIENT_PER_HOUR,
} from '@storyloom/shared/interactive';
import { transcriptText } from '@storyloom/shared/transcripts';
import {
  claimSessionQuestion,
  deleteSession,
  getSession,
  type Listener,
  putSession,
  readQuestionItems,
  type SessionRecord,
  touchSession,
} from '../../data/interactive.ts';
import { consumeRateLimit } from '../../data/rate-limit.ts';
import { getStory, type StoryRecord } from '../../data/stories.ts';
import type { VoiceProfile } from '../../data/voice.ts';
import { type AuthUser, confirmAuthState } from '../../lib/auth.ts';
import { NotFound, TooManyRequests, ValidationFailed } from '../../lib/errors.ts';
import { loadListenableStory, loadSharedStory, visitorMayRead } from '../stories/access.ts';
import {
  keepsTranscriptText,
  keepTranscriptText,
  listensToTranscript,
  storytellerVoice,
} from '../transcripts/listening.ts';

/**
 * Listening sessions (docs/interactive.md, "Sessions"). A session belongs to one story and one listener: the
 * owner or a person the story is shared with by name (both signed in), whoever holds a live share link, or
 * anyone on a public story. Its random id is the listener's credential on the shared routes. Every call checks
 * again that the listener may still hear the story, so a revoked link or share, or a story made private, ends
 * its sessions at once.
 */

/**
 * Which family of routes a call came through: the signed-in one (`/api/…`: the owner, or a person the story
 * is shared with by name) or the shared ones (a link or a public story). `unconfirmed`: the route left the
 * check of the caller's user record to the domain (lib/http.ts `userRecord: 'read-by-handler'`).
 */
export type Caller = { kind: 'user'; userId: string; unconfirmed?: AuthUser } | { kind: 'shared' };

const sessionEnded = () => new NotFound(interactiveText.sessionEnded);
const nowSeconds = () => Math.floor(Date.now() / 1000);
export const idleTtl = () => nowSeconds() + SESSION_IDLE_SECONDS;

/** Rate-limit subject for a client: a hash of the user id (owners) or of the address (neither is stored). */
export function clientKey(caller: Caller, sourceIp: string): string {
  // Hashed both ways: a rate counter holds no user id or address (it outlives an account deletion by its window).
  const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);
  if (caller.kind === 'user') return `u:${hashed(caller.userId)}`;
  return `ip:${hashed(sourceIp)}`;
}

/** May this listener still hear the story? A reader's share is looked up by the caller (`hasShare`). */
export function stillAllowed(story: StoryRecord, listener: Listener, hasShare = false): boolean {
  if (listener.kind === 'owner') return story.authorId === listener.userId;
  if (listener.kind === 'reader') return hasShare;
  return visitorMayRead(story, listener);
}

/** Whether answers can be spoken: the story has a narration voice and audio. */
export function isSpoken(story: StoryRecord): boolean {
  return Boolean(story.audioKey && story.narrationVoiceId);
}

/**
 * POST /api/interactive/start/{storyId}: the owner listens to their own story, or a person it is shared with
 * by name (read or comment) to one shared with them. Anyone else signed in is refused as by loadOwnedStory.
 */
export async function startUserSession(storyId: string, userId: string): Promise<InteractiveSessionDto> {
  const { story, listener } = await loadListenableStory(storyId, userId);
  await limitStarts(clientKey({ kind: 'user', userId }, ''));
  return open(story, listener);
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
    authorId: story.authorId,
    ...(listensToTranscript(story) ? { transcript: true } : {}),
    listener,
    currentTime: 0,
    questions: 0,
    createdAt: new Date().toISOString(),
    ttl: idleTtl(),
  };
  await putSession(session);
  // An audio story answers from its transcript, in the storyteller's own voice when they have one (labelled).
  const own = !isSpoken(story) && listensToTranscript(story) ? await storytellerVoice(story) : undefined;
  return {
    session_id: session.id,
    spoken: isSpoken(story) || own !== undefined,
    expires_in: SESSION_IDLE_SECONDS,
    ...(listensToTranscript(story)
      ? { spoken_label: own ? transcriptText.answersInStorytellersVoice : transcriptText.answersFromTranscript }
      : {}),
  };
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
  if (!isCallersSession(session.listener, caller)) throw sessionEnded();
  return { session, story: await liveStory(session) };
}

/**
 * The session and its story for a question, in two DynamoDB calls (docs/interactive.md, "Calls per question"):
 * (1) the session claimed — live, this listener's, under its cap — and the question counted; (2) one batch
 * read of the story, a reader's share, the author's voice profile (`known`, for storyAnswerVoice) and, when
 * the route left it here, the caller's user record. 404 "session ended" as `loadSession`; 429 when the
 * session has asked its `max` questions.
 */
export async function claimQuestion(
  sessionId: string,
  caller: Caller,
  max: number,
): Promise<{ session: SessionRecord; story: StoryRecord; known?: { profile: VoiceProfile | undefined } }> {
  const session = await claimSessionQuestion(sessionId, caller, max, idleTtl());
  if (!session) {
    // The failure path only: an ended (or another listener's) session, or a full one.
    const existing = await getSession(sessionId);
    const mine = existing && isCallersSession(existing.listener, caller);
    if (mine && existing.questions >= max) throw new TooManyRequests(interactiveText.sessionCap, 60);
    throw sessionEnded();
  }
  const unconfirmed = caller.kind === 'user' ? caller.unconfirmed : undefined;
  const items = await readQuestionItems(session.storyId, {
    shareOf: session.listener.kind === 'reader' ? session.listener.userId : undefined,
    voiceOf: session.authorId,
    authStateOf: unconfirmed?.id,
    // A long transcript's text lives beside the story; read once per container, here rather than in a call of its own.
    transcript: session.transcript && !keepsTranscriptText(session.storyId),
  });
  if (unconfirmed) confirmAuthState(unconfirmed, items.authState);
  if (items.transcript) keepTranscriptText(items.transcript);
  const story = await stillListening(session, items.story, items.share !== undefined);
  // A story never changes hands; a session from before `authorId` was kept reads the profile when it speaks.
  const known = session.authorId && session.authorId === story.authorId ? { profile: items.voiceProfile } : undefined;
  return { session, story, known };
}

/**
 * The session's story, if its listener may still hear it; otherwise the session is ended (deleted) and the
 * call gets 404. A reader's share is read with the story in one batch call: removing it ends the session.
 */
async function liveStory(session: SessionRecord): Promise<StoryRecord> {
  const { listener } = session;
  if (listener.kind === 'reader') {
    const items = await readQuestionItems(session.storyId, { shareOf: listener.userId });
    return stillListening(session, items.story, items.share !== undefined);
  }
  return stillListening(session, await getStory(session.storyId), false);
}

/** The story as read, if the session's listener may still hear it; else the session ends (404). */
async function stillListening(
  session: SessionRecord,
  story: StoryRecord | undefined,
  hasShare: boolean,
): Promise<StoryRecord> {
  if (!story || !stillAllowed(story, session.listener, hasShare) || !story.audioKey) {
    await deleteSession(session.id);
    throw sessionEnded();
  }
  return story;
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
  if (!session || !isCallersSession(session.listener, caller) || !(await deleteSession(sessionId))) {
    throw sessionEnded();
  }
  return { message: interactiveText.sessionEndedAck };
}

/** Signed-in sessions (owner, reader) answer only to their user on `/api`; the others only on `/shared`. */
function isCallersSession(listener: Listener, caller: Caller): boolean {
  const signedIn = listener.kind === 'owner' || listener.kind === 'reader';
  if (caller.kind === 'user') return signedIn && listener.userId === caller.userId;
  return !signedIn;
}
