import { serverText } from '@storyloom/shared/messages';
import {
  type TranscriptJobDto,
  type TranscriptResponse,
  transcriptText,
  type UpdateTranscriptInput,
} from '@storyloom/shared/transcripts';
import { getStory, type StoryRecord } from '../../data/stories.ts';
import {
  deleteTranscript,
  getTranscriptRecord,
  readTranscriptTimings,
  setStoryTranscriptSummary,
  storeTranscriptText,
  type TranscriptRecord,
  transcriptSummary,
} from '../../data/transcripts.ts';
import { Conflict, Forbidden, ValidationFailed } from '../../lib/errors.ts';
import { relationTo, storyNotFound } from '../stories/access.ts';
import { carryTimings } from './carry-timings.ts';
import { toTranscriptDto } from './dto.ts';
import { recoverTranscription } from './request.ts';

/** What the owner is told about an automatic transcription (problem texts in messages/transcripts.ts). */
function jobDto(record: TranscriptRecord | undefined): TranscriptJobDto {
  if (!record?.jobStatus) return { status: record?.text ? 'ready' : 'none', problem: null };
  const problem =
    record.jobStatus !== 'failed'
      ? null
      : record.problem === 'quota'
        ? transcriptText.quota
        : record.problem === 'provider-quota'
          ? transcriptText.providerQuota
          : record.problem === 'too-large'
            ? transcriptText.tooLarge
            : transcriptText.failed;
  return { status: record.jobStatus, problem };
}

/** The story a user may read, or the 404 of a story they may not (the same answer as a missing one). */
async function readableStory(storyId: string, userId: string): Promise<{ story: StoryRecord; owner: boolean }> {
  const story = await getStory(storyId);
  if (!story) throw storyNotFound();
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  return { story, owner: relation.kind === 'owner' };
}

/**
 * GET /api/stories/{id}/transcript: whoever may read the story reads its transcript (the owner, a share, any
 * signed-in user of a public story, an admin); the owner also sees the automatic transcription's state.
 */
export async function getTranscriptForUser(storyId: string, userId: string): Promise<TranscriptResponse> {
  const { story, owner } = await readableStory(storyId, userId);
  if (story.storyType !== 'audio') throw new ValidationFailed(transcriptText.notAudio);
  let record = await getTranscriptRecord(storyId);
  if (owner && record) record = await recoverTranscription(record);
  return {
    transcript: record ? toTranscriptDto(transcriptSummary(record), record) : null,
    job: owner ? jobDto(record) : null,
  };
}

/**
 * PUT /api/stories/{id}/transcript: the owner types, pastes or corrects the transcript. A machine transcript
 * becomes `edited` (its label goes), a typed one stays `typed`; word timings are carried over the words kept
 * (carry-timings.ts). `version` guards against overwriting another tab's edit (409).
 */
export async function saveTranscript(
  storyId: string,
  userId: string,
  input: UpdateTranscriptInput,
): Promise<TranscriptResponse> {
  const { story, owner } = await readableStory(storyId, userId);
  if (!owner) throw new Forbidden(serverText.forbidden);
  if (story.storyType !== 'audio') throw new ValidationFailed(transcriptText.notAudio);
  const current = await getTranscriptRecord(storyId);
  if (input.version !== undefined && (current?.version ?? null) !== input.version) {
    throw new Conflict(transcriptText.conflict);
  }
  let saved = current;
  if (current?.text !== input.text) {
    const source = !current?.source || current.source === 'typed' ? 'typed' : 'edited';
    const timings = current ? carryTimings(await readTranscriptTimings(current), input.text) : undefined;
    saved = await storeTranscriptText(
      story,
      { text: input.text, source, timings },
      { kind: 'owner', fromVersion: input.version === undefined ? undefined : (current?.version ?? null) },
    );
    if (!saved) throw new Conflict(transcriptText.conflict);
  }
  const summary = saved ? transcriptSummary(saved) : undefined;
  if (summary && !(await setStoryTranscriptSummary(story.id, summary))) {
    // The story went while this was written: nothing of it may stay.
    await deleteTranscript(story.id);
    throw storyNotFound();
  }
  return { transcript: saved ? toTranscriptDto(summary, saved) : null, job: jobDto(saved) };
}
