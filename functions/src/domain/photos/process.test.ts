import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { jpegPhoto } from '../../../../test/support/photo-files.ts';
import { processPhoto } from './process.ts';

/**
 * The worker's photo job against faults it must survive (docs/media.md, "Photos"): the photo removed
 * while its variants were made, a file that cannot be decoded, a redelivered job.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
afterEach(() => {
  dynamo.reset();
  s3.reset();
});

const job = { storyId: '11111111-1111-4111-8111-111111111111', photoId: '22222222-2222-4222-8222-222222222222' };
const prefix = `users/owner/stories/${job.storyId}/photos/${job.photoId}/`;
const photoItem = (status: string) => ({
  pk: `STORY#${job.storyId}`,
  sk: `PHOTO#${job.photoId}`,
  id: job.photoId,
  storyId: job.storyId,
  ownerId: 'owner',
  status,
  originalKey: `${prefix}original.jpg`,
  originalType: 'image/jpeg',
  width: 320,
  height: 200,
});

function original(bytes: Buffer) {
  s3.on(HeadObjectCommand).resolves({ ContentLength: bytes.length });
  // The SDK's body as readMediaStart uses it.
  s3.on(GetObjectCommand).callsFake(() => ({ Body: { transformToByteArray: async () => new Uint8Array(bytes) } }));
}

describe('processPhoto', () => {
  it('deletes the variants it wrote when the photo was removed meanwhile', async () => {
    dynamo.on(GetCommand).resolves({ Item: photoItem('processing') });
    original(await jpegPhoto());
    s3.on(PutObjectCommand).resolves({});
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'gone', $metadata: {} }));
    s3.on(ListObjectsV2Command)
      .resolvesOnce({ Contents: [{ Key: `${prefix}display.webp` }, { Key: `${prefix}thumbnail.webp` }] })
      .resolves({ Contents: [] });
    s3.on(DeleteObjectsCommand).resolves({});
    await processPhoto(job);
    const written = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key);
    expect(written).toEqual([`${prefix}display.webp`, `${prefix}thumbnail.webp`]);
    expect(s3.commandCalls(ListObjectsV2Command)[0]?.args[0].input.Prefix).toBe(prefix);
    expect(s3.commandCalls(DeleteObjectsCommand)[0]?.args[0].input.Delete?.Objects).toEqual([
      { Key: `${prefix}display.webp` },
      { Key: `${prefix}thumbnail.webp` },
    ]);
    // No cover was set for a photo that is gone.
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('marks a file it cannot decode as failed, writing no variant', async () => {
    dynamo.on(GetCommand).resolves({ Item: photoItem('processing') });
    original(Buffer.from('\xff\xd8\xff\xe0 not really a jpeg'));
    dynamo.on(UpdateCommand).resolves({});
    await processPhoto(job);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(Object.values(update?.ExpressionAttributeValues ?? {})).toContain('failed');
  });

  it('does nothing for a photo that is no longer processing (a redelivered job) or gone', async () => {
    dynamo
      .on(GetCommand)
      .resolvesOnce({ Item: photoItem('ready') })
      .resolves({});
    await processPhoto(job);
    await processPhoto(job);
    expect(s3.calls()).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
