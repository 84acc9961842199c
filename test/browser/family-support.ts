import type { StoryDto } from '@storyloom/shared/schemas/stories';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser, type TestUser } from '../support/users.ts';
import { logInOnScreen } from './browser.ts';
import { phoneContext } from './interactive-support.ts';

/**
 * The family walks' start: a storyteller's story shared by name with a grandchild, who logs in on a 390×844
 * touch phone at 127.0.0.1 (the address the walk used). The caller closes `context`.
 */
export async function grandchildOnPhone(
  browser: Browser,
  { title, role }: { title: string; role: 'read' | 'comment' },
): Promise<{
  storyteller: TestUser;
  owner: Awaited<ReturnType<typeof loginAs>>;
  grandchild: TestUser;
  story: StoryDto;
  context: BrowserContext;
  page: Page;
}> {
  const storyteller = await registerVerifiedUser();
  const owner = await loginAs(storyteller);
  const story = await createStory(owner, { title });
  const grandchild = await registerVerifiedUser();
  await shareWith(owner, story.ID, grandchild.username, role);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${new URL(inject('baseUrl')).port}/login`);
  await logInOnScreen(page, grandchild);
  return { storyteller, owner, grandchild, story, context, page };
}
