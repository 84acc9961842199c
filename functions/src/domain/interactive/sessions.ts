import { createHash, randomBytes } from 'node:crypto';
import {
  type InteractiveSessionDto,
  interactiveText,
  SESSION_ID_PATTERN,
  SESSION_IDLE_SECONDS,
  SESSIONS_PER_CLIENT_PER_HOUR,
} from '@storyloom/shared/interactive';
import { transcriptText } from '@storyloom/shared/transcripts';
import {
  claimQuestionAndCount,
  deleteSession,
  getSession,
  type Listener,
  putSession,
  readQuestionItems,
  type SessionRecord,
  touchSession,
} from '../../data/interactive.ts';
import { consumeRateLimit, type RateLimit, rateLimitRefusal } from '../../data/rate-limit.ts';
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
    id: newSessionId(story),
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
 * A new session's id: 32 random bytes (the credential), then the story and its author, so that a question
 * can read its session with the story and the author's voice profile in one call (`claimQuestion`). Both
 * are in the story's view for anyone who can listen (`ID`, `author.id`); a share id names its story the
 * same way. Ids that would not fit SESSION_ID_PATTERN stay the random part alone.
 */
export function newSessionId(story: Pick<StoryRecord, 'id' | 'authorId'>): string {
  const id = `${randomBytes(32).toString('base64url')}.${story.id}.${story.authorId}`;
  return SESSION_ID_PATTERN.test(id) ? id : id.slice(0, 43);
}

/** The story and author a session id names (`newSessionId`); undefined for an id of the random part alone. */
export function namedInSessionId(sessionId: string): { storyId: string; authorId: string } | undefined {
  const [, storyId, authorId] = sessionId.split('.');
  return storyId && authorId ? { storyId, authorId } : undefined;
}

/** Stories this container has seen are text stories (a story's type never changes): no transcript to read. */
const textStories = new Set<string>();

/**
 * The session and its story for a question, in two DynamoDB calls (docs/interactive.md, "Calls per question"):
 * (1) one batch read of the session, the story, a reader's share, the author's voice profile (`known`, for
 * storyAnswerVoice) and, when the route left it here, the caller's user record; (2) one transaction that
 * claims the session — live, this listener's, under its cap — counting the question, and takes a slot of
 * the client's hourly limit (`clientLimit`), both or neither, before any answer is made. 404 "session
 * ended" as `loadSession`; 429 when the session has asked its `max` questions or the client its hourly share.
 */
export async function claimQuestion(
  sessionId: string,
  caller: Caller,
  max: number,
  clientLimit: RateLimit,
): Promise<{ session: SessionRecord; story: StoryRecord; known?: { profile: VoiceProfile | undefined } }> {
  // A session from before ids named their story (until it ends: 30 idle minutes): one read to learn it.
  const named = namedInSessionId(sessionId) ?? (await namedByItem(sessionId));
  if (!named) throw sessionEnded();
  const unconfirmed = caller.kind === 'user' ? caller.unconfirmed : undefined;
  const items = await readQuestionItems(named.storyId, {
    session: sessionId,
    // The owner's session is the author's own; any other signed-in listener's needs their share.
    shareOf: caller.kind === 'user' && caller.userId !== named.authorId ? caller.userId : undefined,
    voiceOf: named.authorId,
    authStateOf: unconfirmed?.id,
    // A long transcript's text lives beside the story; read once per container, here rather than in a call of its own.
    transcript: !textStories.has(named.storyId) && !keepsTranscriptText(named.storyId),
  });
  if (unconfirmed) confirmAuthState(unconfirmed, items.authState);
  const { session } = items;
  if (!session || session.storyId !== named.storyId || !isCallersSession(session.listener, caller)) {
    throw sessionEnded();
  }
  if (session.questions >= max) throw new TooManyRequests(interactiveText.sessionCap, 60);
  if (items.story?.storyType === 'text') {
    if (textStories.size >= 1000) textStories.clear();
    textStories.add(items.story.id);
  }
  if (items.transcript) keepTranscriptText(items.transcript);
  const story = await stillListening(session, items.story, items.share !== undefined);
  const claim = await claimQuestionAndCount(sessionId, listenerFamily(caller), max, idleTtl(), clientLimit);
  if (claim === 'session-full') throw new TooManyRequests(interactiveText.sessionCap, 60);
  if (claim === 'session-ended') throw sessionEnded();
  if (claim === 'client-cap') throw rateLimitRefusal(clientLimit);
  // A story never changes hands; a session from before `authorId` was kept reads the profile when it speaks.
  const known =
    session.authorId && session.authorId === story.authorId && session.authorId === named.authorId
      ? { profile: items.voiceProfile }
      : undefined;
  return { session: { ...session, questions: session.questions + 1 }, story, known };
}

/** What an id of the random part alone names, from its session item (undefined: no such live session). */
async function namedByItem(sessionId: string): Promise<{ storyId: string; authorId?: string } | undefined> {
  const session = await getSession(sessionId);
  return session && { storyId: session.storyId, authorId: session.authorId };
}

function listenerFamily(caller: Caller): { kind: 'user'; userId: string } | { kind: 'shared' } {
  return caller.kind === 'user' ? { kind: 'user', userId: caller.userId } : { kind: 'shared' };
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
