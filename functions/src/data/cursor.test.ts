import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

const stories = { index: 'gsi3', partition: 'STORIES' } as const;
const key = { pk: 'STORY#1', sk: 'STORY', gsi3pk: 'STORIES', gsi3sk: '2024-01-01T00:00:00.000Z#1' };

describe('cursor codec', () => {
  it('round-trips a LastEvaluatedKey as URL-safe text', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, stories)).toEqual(key);
  });

  it("refuses anything that is not this list's index position", () => {
    const refused = [
      'not base64 json!',
      encodeCursor([key] as unknown as Record<string, unknown>),
      encodeCursor({ ...key, gsi3pk: 'USERS' }), // another partition
      encodeCursor({ ...key, extra: 'x' }), // more than the key
      encodeCursor({ pk: 'a', sk: 'b', gsi1pk: 'STORIES', gsi1sk: 'c' }), // another index
      encodeCursor({ ...key, sk: 5 }), // not a string
      Buffer.from('null').toString('base64url'),
    ];
    for (const cursor of refused) expect(decodeCursor(cursor, stories)).toBeUndefined();
  });

  it('also serves lists on the table itself, held to their partition and sort-key prefix', () => {
    const comments = { partition: 'STORY#1', sortPrefix: 'COMMENT#' };
    const key = { pk: 'STORY#1', sk: 'COMMENT#0abc' };
    expect(decodeCursor(encodeCursor(key), comments)).toEqual(key);
    expect(decodeCursor(encodeCursor({ pk: 'STORY#1', sk: 'SHARE#u1' }), comments)).toBeUndefined();
    expect(decodeCursor(encodeCursor({ pk: 'STORY#2', sk: 'COMMENT#0abc' }), comments)).toBeUndefined();
    expect(decodeCursor(encodeCursor({ ...key, gsi1pk: 'x' }), comments)).toBeUndefined();
  });
});
