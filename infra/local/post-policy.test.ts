import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it } from 'vitest';
import { checkPostPolicy } from './post-policy.ts';

/** Policies made by the SDK's own presigner (what the handlers send browsers), checked as S3 would. */
const credentials = { accessKeyId: 'mediaTEST', secretAccessKey: 'a-secret-that-is-not-the-id' };
const client = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://localhost:3000/_media',
  forcePathStyle: true,
  credentials,
});

async function presigned(expires = 600) {
  const { fields } = await createPresignedPost(client, {
    Bucket: 'media',
    Key: 'users/u1/uploads/story-audio/abc',
    Fields: { 'Content-Type': 'audio/wav', tagging: '<Tagging><TagSet></TagSet></Tagging>' },
    Conditions: [['content-length-range', 1, 1000]],
    Expires: expires,
  });
  return new Map(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
}

const check = (fields: Map<string, string>, over: { fileSize?: number; now?: Date; bucket?: string } = {}) =>
  checkPostPolicy({
    fields,
    bucket: over.bucket ?? 'media',
    fileSize: over.fileSize ?? 500,
    credentials,
    region: 'us-east-1',
    now: over.now ?? new Date(),
  });

describe('checkPostPolicy', () => {
  it('accepts the upload its policy describes', async () => {
    expect(check(await presigned())).toEqual({ ok: true, key: 'users/u1/uploads/story-audio/abc' });
  });

  it('refuses another key, type, bucket, an extra field, a changed signature or a size out of range', async () => {
    const good = await presigned();
    const changed = (name: string, value: string) => new Map([...good, [name, value]]);
    expect(check(changed('key', 'users/u2/avatar/x.png'))).toMatchObject({
      ok: false,
      status: 403,
      code: 'AccessDenied',
    });
    expect(check(changed('content-type', 'text/html'))).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(check(good, { bucket: 'other' })).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(check(changed('acl', 'public-read'))).toMatchObject({
      ok: false,
      message: expect.stringContaining('Extra input fields: acl'),
    });
    expect(check(changed('x-amz-signature', 'f'.repeat(64)))).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(check(good, { fileSize: 1001 })).toMatchObject({ ok: false, status: 400, code: 'EntityTooLarge' });
    expect(check(good, { fileSize: 0 })).toMatchObject({ ok: false, status: 400, code: 'EntityTooSmall' });
  });

  it('refuses an expired policy, another key id and a missing signature', async () => {
    const good = await presigned(60);
    expect(check(good, { now: new Date(Date.now() + 61_000) })).toMatchObject({
      ok: false,
      message: 'Invalid according to Policy: Policy expired.',
    });
    const cred = good.get('x-amz-credential') ?? '';
    expect(check(new Map([...good, ['x-amz-credential', cred.replace('mediaTEST', 'localRUNKEY')]]))).toMatchObject({
      ok: false,
      code: 'InvalidAccessKeyId',
    });
    const unsigned = new Map(good);
    unsigned.delete('x-amz-signature');
    expect(check(unsigned)).toMatchObject({ ok: false, status: 400 });
  });
});
