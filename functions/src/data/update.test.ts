import { describe, expect, it } from 'vitest';
import { buildUpdate } from './update.ts';

describe('buildUpdate', () => {
  it('writes SET, REMOVE and ADD clauses with every name behind a placeholder', () => {
    expect(
      buildUpdate({
        set: { title: 'T', location: null, startDate: undefined },
        setIfMissing: { createdAt: 'now' },
        add: { count: 1 },
        remove: ['gsi2pk'],
        condition: 'attribute_exists(pk) AND authorId = :a',
        values: { ':a': 'u1' },
      }),
    ).toEqual({
      UpdateExpression:
        'SET #title = :u0, #createdAt = if_not_exists(#createdAt, :u1) REMOVE #location, #startDate, #gsi2pk ADD #count :u2',
      ConditionExpression: 'attribute_exists(pk) AND authorId = :a',
      ExpressionAttributeNames: {
        '#title': 'title',
        '#location': 'location',
        '#startDate': 'startDate',
        '#createdAt': 'createdAt',
        '#count': 'count',
        '#gsi2pk': 'gsi2pk',
      },
      ExpressionAttributeValues: { ':a': 'u1', ':u0': 'T', ':u1': 'now', ':u2': 1 },
    });
  });

  it('leaves out values when only attributes are removed, and refuses an empty update', () => {
    expect(buildUpdate({ remove: ['shareToken'] })).toEqual({
      UpdateExpression: 'REMOVE #shareToken',
      ExpressionAttributeNames: { '#shareToken': 'shareToken' },
    });
    expect(() => buildUpdate({})).toThrow('nothing to update');
  });
});
