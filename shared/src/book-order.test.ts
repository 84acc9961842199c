import { describe, expect, it } from 'vitest';
import { inBookOrder } from './book-order.ts';

describe('book order', () => {
  it('orders by start date, else by the day the story was written', () => {
    const stories = [
      { id: 'c', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 'a', createdAt: '2026-11-25T10:00:00.000Z', startDate: '1962-01-05' },
      { id: 'd', createdAt: '2026-11-21T10:00:00.000Z', startDate: '2026-11-20' },
      { id: 'b', createdAt: '2026-01-01T10:00:00.000Z', startDate: '1975-06-01' },
    ];
    expect(inBookOrder(stories).map((s) => s.id)).toEqual(['a', 'b', 'd', 'c']);
    // The day itself (midnight UTC) comes before anything written on that day.
    expect(stories.map((s) => s.id)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('breaks ties by the day written, then by id, so two builds agree', () => {
    const stories = [
      { id: 'y', createdAt: '2026-02-01T00:00:00.000Z', startDate: '1990-05-05' },
      { id: 'x', createdAt: '2026-01-01T00:00:00.000Z', startDate: '1990-05-05' },
      { id: 'w', createdAt: '2026-01-01T00:00:00.000Z', startDate: '1990-05-05' },
    ];
    expect(inBookOrder(stories).map((s) => s.id)).toEqual(['w', 'x', 'y']);
  });

  it('files a malformed start date under the day written', () => {
    const stories = [
      { id: 'bad', createdAt: '2000-01-01T00:00:00.000Z', startDate: 'someday' },
      { id: 'good', createdAt: '2026-01-01T00:00:00.000Z', startDate: '2010-01-01' },
    ];
    expect(inBookOrder(stories).map((s) => s.id)).toEqual(['bad', 'good']);
  });
});
