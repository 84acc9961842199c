import { describe, expect, it } from 'vitest';
import { normaliseMediaPath } from './secure-url.ts';

describe('normaliseMediaPath', () => {
  const story = 'users/u1/stories/0b8f5a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b/audio/9f1c2d3e-1111-4222-8333-444455556666.wav';
  it('takes keys of the layout, with or without the leading slash', () => {
    expect(normaliseMediaPath(story)).toBe(story);
    expect(normaliseMediaPath(`/${story}`)).toBe(story);
    expect(normaliseMediaPath('users/u1/avatar/a.png')).toBe('users/u1/avatar/a.png');
  });
  it('refuses climbing, encoded characters, full URLs and other areas', () => {
    for (const bad of [
      'users/u1/../u2/avatar/a.png',
      'users/u1/avatar/../../u2/voice/a.wav',
      'users/u1/./avatar/a.png',
      'users/u1/avatar/%2e%2e/a.png',
      'users\\u1\\avatar\\a.png',
      `https://bucket.s3.amazonaws.com/${story}`,
      'http:/example.com/users/u1/avatar/a.png',
      'stories/abc/audio/a.wav',
      'users/u1//avatar/a.png',
      'users/u1',
      '',
    ]) {
      expect(normaliseMediaPath(bad), bad).toBeUndefined();
    }
  });
});
