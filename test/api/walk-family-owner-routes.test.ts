import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory, setPublic, shareWith } from '../support/stories.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';

/**
 * The family against the storyteller's own routes beyond the stories matrix (stories-authz.test.ts): the
 * narration, transcript, photos, listeners' questions and prompts. Each family role — a read share, a
 * comment share, a signed-in stranger holding the link, a reader of a public story, nobody signed in —
 * gets 401/403/404 with a plain `{ error }` sentence, never a 5xx and never a validator's wording.
 */
type Caller = TestUser & { token: string };
let owner: Caller;
let family: Record<'readShare' | 'commentShare' | 'linkHolder', Caller>;
let privateStory: StoryDto;
let publicStory: StoryDto;

/** What a validator says when a message was forgotten (zod's defaults), or a stack trace. */
const INTERNAL_WORDING = /Invalid (string|input)|expected|Too (big|small)|must match pattern|at \w+ \(|Error:/;

function expectPlainRefusal(res: { status: number; body: unknown }, statuses: number[]) {
  expect(statuses).toContain(res.status);
  expect(res.body).toEqual({ error: expect.any(String) });
  expect((res.body as { error: string }).error).not.toMatch(INTERNAL_WORDING);
}

beforeAll(async () => {
  [owner, family] = await Promise.all([
    registerAndLogin(),
    Promise.all([registerAndLogin(), registerAndLogin(), registerAndLogin()]).then(
      ([readShare, commentShare, linkHolder]) => ({ readShare, commentShare, linkHolder }),
    ),
  ]);
  privateStory = await createStory(owner, { title: 'The shipyard years' });
  await shareWith(owner, privateStory.ID, family.readShare.username, 'read');
  await shareWith(owner, privateStory.ID, family.commentShare.username, 'comment');
  await api('POST', `/api/stories/${privateStory.ID}/share-link`, { token: owner.token });
  publicStory = await setPublic(owner, (await createStory(owner, { title: 'Maple Street' })).ID, true);
});

const ownerOnly = (id: string): Array<[string, string, unknown?]> => [
  ['POST', `/api/voice/narrate/${id}`, { voice_id: 'local:f:210:165' }],
  ['GET', `/api/voice/narrate/${id}`],
  ['PUT', `/api/stories/${id}/remove-narration`],
  ['PUT', `/api/stories/${id}/transcript`, { text: 'Not mine to write' }],
  ['GET', `/api/interactive/questions/${id}`],
  ['DELETE', `/api/interactive/questions/${id}/abcdefghijklmnopqrstuv`],
  ['POST', `/api/prompts/childhood-01/answered`, { story_id: id }],
];

describe('The family against the storyteller-only routes (API)', () => {
  it('every family role is refused plainly on a private story it may read, and on a public one', async () => {
    const roles: Array<[string, string | undefined]> = [
      ['readShare', family.readShare.token],
      ['commentShare', family.commentShare.token],
      ['linkHolder', family.linkHolder.token],
      ['anonymous', undefined],
    ];
    for (const story of [privateStory, publicStory]) {
      for (const [method, path, body] of ownerOnly(story.ID)) {
        for (const [role, token] of roles) {
          const res = await api(method, path, { token, body });
          expect({ role, method, path, status: res.status }).not.toMatchObject({
            status: expect.toSatisfy((s: number) => s >= 500),
          });
          // Without a token the JWT authorizer answers first, in API Gateway's own shape ({ message }).
          if (token) expectPlainRefusal(res, [403, 404]);
          else
            expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: 'Unauthorized' } });
        }
      }
    }
  });

  it('ids that cannot be ids get a plain sentence, not the pattern they failed', async () => {
    const token = family.commentShare.token;
    const calls: Array<[string, string, unknown?]> = [
      ['DELETE', `/api/interactive/questions/${privateStory.ID}/abc`],
      ['DELETE', `/api/interactive/questions/NOT-A-STORY/abcdefghijklmnopqrstuv`],
      ['GET', '/api/family-questions/bad$id'],
      ['POST', '/api/family-questions/bad$id', { text: 'Where did you meet grandpa?' }],
      ['GET', `/api/family-questions/${'a'.repeat(101)}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token, body });
      expectPlainRefusal(res, [400, 404]);
    }
  });
});
