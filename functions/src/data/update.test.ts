import { describe, expect, it } from 'vitest';
import { buildUpdate, jobCondition } from './update.ts';

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

describe('jobCondition', () => {
  const base = { condition: '#jobKey = :jobKey', names: { '#jobKey': 'jobKey' }, values: { ':jobKey': 'k1' } };

  it('is the base alone when nothing is guarded', () => {
    expect(jobCondition(base, 'status', {})).toEqual(base);
  });

  it('adds the allowed statuses and the run-out lease, and still sets a status the update changes', () => {
    const guard = jobCondition(base, 'status', { fromStatus: ['queued', 'running'], leaseExpiredBefore: 'T1' });
    expect(guard.condition).toBe(
      '#jobKey = :jobKey AND #jobGuardStatus IN (:from0, :from1) AND (attribute_not_exists(#leaseUntil) OR #leaseUntil < :now)',
    );
    expect(guard.values).toEqual({ ':jobKey': 'k1', ':from0': 'queued', ':from1': 'running', ':now': 'T1' });
    // The update's own `#status` placeholder and the guard's do not collide.
    const built = buildUpdate({ set: { status: 'running', leaseUntil: 'T2' }, ...guard });
    expect(built.UpdateExpression).toBe('SET #status = :u0, #leaseUntil = :u1');
    expect(built.ExpressionAttributeNames).toMatchObject({ '#status': 'status', '#jobGuardStatus': 'status' });
  });
});
