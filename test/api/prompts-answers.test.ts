import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FamilyQuestionsDto, PromptDto, PromptLibraryDto } from '@storyloom/shared/schemas/prompts';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { scanItemsMentioning, testTable } from '../support/table.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';

/**
 * A question answered by more than one story (docs/family-loop.md, "Answering"): deleting one answer leaves
 * the question answered by the one that remains; only when no answer is left is it offered again.
 */
type Caller = TestUser & { token: string };

const answer = async (user: Caller, promptId: string, storyId: string) => {
  const res = await api('POST', `/api/prompts/${promptId}/answered`, {
    token: user.token,
    body: { story_id: storyId },
  });
  expect(res.status).toBe(200);
};
const opened = async (user: Caller, promptId: string) => {
  const res = await api<PromptDto>('GET', `/api/prompts/${promptId}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
};
const nextId = async (user: Caller) => {
  const res = await api<{ prompt: PromptDto | null }>('GET', '/api/prompts/next', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.prompt?.id;
};
const inBrowse = async (user: Caller, promptId: string) => {
  const res = await api<PromptLibraryDto>('GET', '/api/prompts', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.themes.flatMap((t) => t.prompts).find((p) => p.id === promptId);
};
const familyIds = async (user: Caller) => {
  const res = await api<FamilyQuestionsDto>('GET', '/api/prompts/family', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.questions.map((q) => q.id);
};
const deleteStory = async (user: Caller, storyId: string) => {
  expect((await api('DELETE', `/api/stories/${storyId}`, { token: user.token })).status).toBe(200);
};

describe('a question answered twice', () => {
  it('stays answered by the first story when the second is deleted, and opens again once both are gone', async () => {
    const teller = await registerAndLogin();
    const promptId = (await nextId(teller)) as string;
    const first = await createStory(teller, { title: 'The first telling' });
    const second = await createStory(teller, { title: 'The second telling' });
    await answer(teller, promptId, first.ID);
    await answer(teller, promptId, second.ID);
    expect((await opened(teller, promptId)).answered_story_id).toBe(second.ID);

    await deleteStory(teller, second.ID);
    // The first answer still stands: the card does not offer the question, "Browse all" and the question
    // itself link to the first story.
    expect(await nextId(teller)).not.toBe(promptId);
    expect((await opened(teller, promptId)).answered_story_id).toBe(first.ID);
    expect((await inBrowse(teller, promptId))?.answered_story_id).toBe(first.ID);
    expect(await scanItemsMentioning([second.ID])).toEqual([]);

    await deleteStory(teller, first.ID);
    expect(await nextId(teller)).toBe(promptId);
    expect((await opened(teller, promptId)).answered_story_id).toBeUndefined();
    expect(await inBrowse(teller, promptId)).toEqual({ id: promptId, text: expect.any(String), hidden: false });
    expect(await scanItemsMentioning([first.ID, second.ID])).toEqual([]);
  });

  it('keeps a family question answered by the later story when the earlier one is deleted, and the other way round', async () => {
    const [teller, reader] = await Promise.all([registerAndLogin(), registerAndLogin()]);
    const shared = await createStory(teller, { title: 'The summer at the lake' });
    await shareWith(teller, shared.ID, reader.username, 'read');
    const sent = await api<{ id: string }>('POST', `/api/family-questions/${teller.id}`, {
      token: reader.token,
      body: { text: 'How did you meet Grandpa?' },
    });
    expect(sent.status).toBe(201);
    const questionId = sent.body.id;
    expect(await familyIds(teller)).toContain(questionId);

    const [one, two, three] = [
      await createStory(teller, { title: 'How I met Grandpa' }),
      await createStory(teller, { title: 'How I met Grandpa, again' }),
      await createStory(teller, { title: 'How I met Grandpa, the long version' }),
    ];
    await answer(teller, questionId, one.ID);
    await answer(teller, questionId, two.ID);
    await answer(teller, questionId, three.ID);

    // An earlier answer goes: the mark stays on the latest.
    await deleteStory(teller, one.ID);
    expect((await opened(teller, questionId)).answered_story_id).toBe(three.ID);
    // The latest goes: the one left answers it.
    await deleteStory(teller, three.ID);
    expect(await familyIds(teller)).not.toContain(questionId);
    expect(await nextId(teller)).not.toBe(questionId);
    expect((await opened(teller, questionId)).answered_story_id).toBe(two.ID);
    // The last goes: the family's question is waiting again, first on the card.
    await deleteStory(teller, two.ID);
    expect(await familyIds(teller)).toContain(questionId);
    expect(await nextId(teller)).toBe(questionId);
    expect((await opened(teller, questionId)).answered_story_id).toBeUndefined();
    expect(await scanItemsMentioning([one.ID, two.ID, three.ID])).toEqual([]);
  });

  it('counts an answer marked before every answer was kept, once a newer answer is deleted', async () => {
    const teller = await registerAndLogin();
    const promptId = (await nextId(teller)) as string;
    const old = await createStory(teller, { title: 'Told long ago' });
    // The mark as it was stored before answers had items of their own: the mark alone names the story.
    const { client, tableName } = testTable();
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          pk: `USER#${teller.id}`,
          sk: `PROMPT#ANSWERED#${promptId}`,
          type: 'PromptAnswered',
          promptId,
          storyId: old.ID,
          answeredAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
    expect((await opened(teller, promptId)).answered_story_id).toBe(old.ID);
    const newer = await createStory(teller, { title: 'Told again' });
    await answer(teller, promptId, newer.ID);
    await deleteStory(teller, newer.ID);
    expect((await opened(teller, promptId)).answered_story_id).toBe(old.ID);
    expect(await nextId(teller)).not.toBe(promptId);
    await deleteStory(teller, old.ID);
    expect(await nextId(teller)).toBe(promptId);
    expect(await scanItemsMentioning([old.ID, newer.ID])).toEqual([]);
  });
});
