import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { claimQuestionAndCount, touchSession } from './interactive.ts';

// Fault injection: DynamoDB cancels a transaction that overlaps another on the same items
// (`TransactionConflict`), and refuses a plain write to an item a transaction is writing
// (TransactionConflictException); the SDK retries neither. The local stand-in serialises transactions
// instead, so these are only seen here. Shapes from the SDK's own exception classes.
const db = mockClient(DynamoDBDocumentClient);
afterEach(() => db.reset());
const limit = { scope: 'iquestion', subject: 'ip:x', limit: 120, windowSeconds: 3600 };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    $metadata: {},
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('a question claim that meets another transaction', () => {
  it('is tried again, and counts once', async () => {
    db.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict', 'None')).resolvesOnce({});
    expect(await claimQuestionAndCount('s', { kind: 'shared' }, 40, 1, limit)).toBe('claimed');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('gives up after four conflicts with the error (the error mapper makes it a 500)', async () => {
    db.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict'));
    await expect(claimQuestionAndCount('s', { kind: 'shared' }, 40, 1, limit)).rejects.toThrow(
      TransactionCanceledException,
    );
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(4);
  });

  it('is not tried again when a condition failed: the reasons say which', async () => {
    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    expect(await claimQuestionAndCount('s', { kind: 'shared' }, 40, 1, limit)).toBe('client-cap');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('a time report that meets a question claim', () => {
  it('is written once the transaction is done', async () => {
    db.on(UpdateCommand)
      .rejectsOnce(new TransactionConflictException({ $metadata: {}, message: 'Transaction is ongoing for the item' }))
      .resolvesOnce({});
    expect(await touchSession('s', { currentTime: 12, ttl: 1 })).toBe(true);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(2);
  });
});
