import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('covers every route of the spec', () => {
    expect(Object.values(paths).map((p) => p.path)).toEqual([
      '/',
      '/login',
      '/register',
      '/verify-email',
      '/forgot-password',
      '/reset-password',
      '/stories',
      '/shared/:shareToken',
      '/author/:id',
      '/listen/:token/:storyId',
      '/mail/answer',
      '/unsubscribe',
      '/privacy-policy',
      '/terms-of-service',
      '/dashboard',
      '/create-story',
      '/edit-story/:id',
      '/story/:id',
      '/profile',
      '/keepsake/:kind/download/:id',
      '/make-book',
      '/admin',
      '/prompts',
      '/prompts/answered/:storyId',
    ]);
  });

  it('builds hrefs with encoded parameters and optional queries', () => {
    expect(paths.sharedStory.getHref('ab/c')).toBe('/shared/ab%2Fc');
    expect(paths.sharedStory.getHref('tok', { interactive: true })).toBe('/shared/tok?interactive=true');
    expect(paths.verifyEmail.getHref()).toBe('/verify-email');
    expect(paths.resetPassword.getHref('t+1')).toBe('/reset-password?token=t%2B1');
    expect(paths.editStory.getHref('42')).toBe('/edit-story/42');
    expect(paths.listen.getHref('t_1', 'a/b')).toBe('/listen/t_1/a%2Fb');
  });
});
