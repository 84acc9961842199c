import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { filterStories, paginationText, parsePage, sharedKey, showPagination } from './discovery.ts';

const stories = [
  { title: 'The Summer at the Lake', content: 'We drove north.', location: 'Lake Tahoe' },
  { title: 'Grandma’s kitchen', content: 'The smell of CINNAMON bread.', location: null },
  { title: 'First day at school', content: 'My satchel was too big.', location: 'Dublin' },
];

describe('filterStories', () => {
  it('matches title, content or location, ignoring case', () => {
    expect(filterStories(stories, 'lake').map((s) => s.title)).toEqual(['The Summer at the Lake']);
    expect(filterStories(stories, 'cinnamon').map((s) => s.title)).toEqual(['Grandma’s kitchen']);
    expect(filterStories(stories, 'DUBLIN').map((s) => s.title)).toEqual(['First day at school']);
    expect(filterStories(stories, 'the').map((s) => s.title)).toEqual(['The Summer at the Lake', 'Grandma’s kitchen']);
  });

  it('finds an audio story by a word only its transcript holds', () => {
    const recorded = [
      ...stories,
      {
        title: 'Sunday mornings',
        content: '',
        location: null,
        transcript: { text: 'Father played the concertina after church.' } as StoryDto['transcript'],
      },
    ];
    expect(filterStories(recorded, 'Concertina').map((s) => s.title)).toEqual(['Sunday mornings']);
  });

  it('treats a blank term as no filter and trims the term', () => {
    expect(filterStories(stories, '   ')).toHaveLength(3);
    expect(filterStories(stories, '  tahoe ')).toHaveLength(1);
    expect(filterStories(stories, 'nowhere')).toEqual([]);
  });
});

describe('pagination', () => {
  it('reads the page from the query, defaulting to 1', () => {
    expect(parsePage('2')).toBe(2);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999999999999']) expect(parsePage(bad)).toBe(1);
  });

  it('says where the reader is and how many stories there are', () => {
    expect(paginationText({ page: 1, total: 23, total_pages: 3 })).toEqual({
      position: 'Page 1 of 3',
      total: '(23 stories total)',
    });
    expect(paginationText({ page: 1, total: 1, total_pages: 1 }).total).toBe('(1 story total)');
    expect(paginationText({ page: 1, total: 0, total_pages: 0 }).position).toBe('Page 1 of 1');
  });

  it('hides while searching or with only one page', () => {
    expect(showPagination({ total_pages: 3 }, '')).toBe(true);
    expect(showPagination({ total_pages: 3 }, 'lake')).toBe(false);
    expect(showPagination({ total_pages: 1 }, '')).toBe(false);
  });

  it('opens a card by its share token, or its ID when there is none', () => {
    expect(sharedKey({ ID: 'id-1', share_token: 'tok' })).toBe('tok');
    expect(sharedKey({ ID: 'id-1', share_token: null })).toBe('id-1');
  });
});
