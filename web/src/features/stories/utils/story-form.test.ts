import { validation } from '@storyloom/shared/messages';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { checkCreate, checkEdit, emptyStoryValues, isDirty } from './story-form.ts';

const values = (overrides: Partial<typeof emptyStoryValues> = {}) => ({
  ...emptyStoryValues,
  title: 'The summer at the lake',
  content: 'We drove north.',
  ...overrides,
});

describe('checkCreate (spec section 5)', () => {
  it('asks for the title first, then the content; blank counts as missing', () => {
    expect(checkCreate(emptyStoryValues)).toEqual({ ok: false, message: validation.storyTitleCreate, field: 'title' });
    expect(checkCreate(values({ content: ' \n ' }))).toEqual({
      ok: false,
      message: validation.storyContentCreate,
      field: 'content',
    });
  });

  it('reports a reversed period at the end date', () => {
    expect(checkCreate(values({ start_date: '2000-01-02', end_date: '2000-01-01' }))).toEqual({
      ok: false,
      message: storyMessages.dateOrder,
      field: 'end_date',
    });
  });

  it('sends trimmed text and null for empty dates', () => {
    expect(checkCreate(values({ title: '  Lake  ', location: ' Tahoe ', start_date: '1988-07-01' }))).toEqual({
      ok: true,
      value: { title: 'Lake', content: 'We drove north.', location: 'Tahoe', start_date: '1988-07-01', end_date: null },
    });
  });
});

describe('checkEdit (spec section 5)', () => {
  it('requires the title, then content for text stories only', () => {
    expect(checkEdit(values({ title: ' ' }), false)).toEqual({
      ok: false,
      message: validation.storyTitleEdit,
      field: 'title',
    });
    expect(checkEdit(values({ content: '' }), false)).toEqual({
      ok: false,
      message: validation.storyContentEdit,
      field: 'content',
    });
    expect(checkEdit(values({ content: '' }), true)).toEqual({
      ok: true,
      value: { title: 'The summer at the lake', content: '' },
    });
  });

  it('sends trimmed values, and dates or null (location too)', () => {
    expect(checkEdit(values({ title: ' T ', content: ' C ', location: '  ', end_date: '1990-01-01' }), false)).toEqual({
      ok: true,
      value: { title: 'T', content: 'C', location: null, start_date: null, end_date: '1990-01-01' },
    });
  });
});

describe('isDirty', () => {
  it('is true once any field differs from the start', () => {
    expect(isDirty(emptyStoryValues, emptyStoryValues)).toBe(false);
    expect(isDirty(values(), emptyStoryValues)).toBe(true);
  });
});
