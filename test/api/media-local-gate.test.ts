import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { CreateUploadResponse } from '@storyloom/shared/media';
import { describe, expect, inject, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api, call } from '../support/http.ts';
import { wavFile } from '../support/media-files.ts';
import { listKeys, postToS3, presign, uploadFile } from '../support/uploads.ts';
import { registerAndLogin } from '../support/users.ts';

/**
 * Local mode keeps its keys at home (issue 18, docs/local-mode.md "Media"): browsers get media URLs on
 * the page's own origin, signed with a media-only key pair; the local server's media gate checks them
 * as S3 does before it touches the S3 stand-in, which answers only the run's own key.
 */
const env = useServerEnv();
const port = new URL(inject('baseUrl')).port;
const mediaKeys = { accessKeyId: env.LOCAL_MEDIA_KEY_ID!, secretAccessKey: env.LOCAL_MEDIA_SECRET! };
/** What a program holding only what a browser saw could build: a client on the gate with the media key. */
const gateClient = (host = `127.0.0.1:${port}`) =>
  new S3Client({
    region: 'us-east-1',
    endpoint: `http://${host}/_media`,
    forcePathStyle: true,
    credentials: mediaKeys,
  });

const xmlCode = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

async function postForm(url: string, fields: Record<string, string>, bytes: Uint8Array, type: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file');
  return fetch(url, { method: 'POST', body: form });
}

describe('media URLs given to browsers', () => {
  it('carry no stand-in key, and the local secret is not the key id', async () => {
    const user = await registerAndLogin();
    const key = await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    const upload = await presign(user, 'story-audio', 'audio/wav', 1000);
    const read = await api<{ secure_url: string }>('GET', `/api/storage/secure-url/${key}`, { token: user.token });
    expect(read.status).toBe(200);

    const runKey = env.AWS_ACCESS_KEY_ID!;
    expect(runKey).toMatch(/^local[0-9a-f]{32}$/);
    expect(env.AWS_SECRET_ACCESS_KEY).not.toBe(runKey);
    for (const text of [read.body.secure_url, JSON.stringify(upload.body)]) {
      expect(text).not.toContain(runKey);
      expect(text).not.toContain(env.AWS_SECRET_ACCESS_KEY!);
      expect(text).not.toContain(env.S3_ENDPOINT!);
    }
    expect(new URL(read.body.secure_url).searchParams.get('X-Amz-Credential')).toMatch(/^media[0-9a-f]{32}\//);
    expect(upload.body.fields['X-Amz-Credential']).toMatch(/^media[0-9a-f]{32}\//);
  });

  it('follow the host the page was loaded from (localhost, 127.0.0.1) and work there', async () => {
    const user = await registerAndLogin();
    const key = await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const read = await api<{ secure_url: string }>('GET', `/api/storage/secure-url/${key}`, {
        token: user.token,
        headers: { host },
      });
      const url = new URL(read.body.secure_url);
      expect(url.host).toBe(host);
      expect(url.pathname.startsWith('/_media/')).toBe(true);
      // Sent with the page's Host header, as a browser on that origin would (fetch may not set Host).
      const got = await call('GET', `${url.pathname}${url.search}`, { headers: { host } });
      expect(got.status).toBe(200);
      expect(Number(got.headers['content-length'])).toBe(wavFile(1).length);
      const upload = await api<CreateUploadResponse>('POST', '/api/media/uploads', {
        token: user.token,
        headers: { host },
        body: { kind: 'profile-image', content_type: 'image/png', size: 100 },
      });
      expect(new URL(upload.body.url).host).toBe(host);
    }
  });

  it('are refused by every stand-in: the media key opens nothing but the gate', async () => {
    const dynamo = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: env.DYNAMODB_ENDPOINT,
      credentials: mediaKeys,
      maxAttempts: 1,
    });
    await expect(dynamo.send(new ListTablesCommand({}))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: mediaKeys,
      maxAttempts: 1,
    });
    await expect(s3.send(new ListObjectsV2Command({ Bucket: env.MEDIA_BUCKET! }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    // Nor can the media key list the bucket through the gate: it serves single objects by signed URL only.
    const listing = await fetch(`http://127.0.0.1:${port}/_media/${env.MEDIA_BUCKET}?list-type=2`);
    expect(listing.status).toBe(405);
  });
});

describe('the media gate checks signed GETs as S3 does', () => {
  it('answers with the Content-Disposition and Content-Type a URL was signed for, as S3 does', async () => {
    // A keepsake's link names its file as an attachment (data/media.ts presignDownload): the book's PDF must
    // download, not replace the app's page with a viewer.
    const user = await registerAndLogin();
    const key = await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    const signed = (extra: Partial<ConstructorParameters<typeof GetObjectCommand>[0]>) =>
      getSignedUrl(gateClient(), new GetObjectCommand({ Bucket: env.MEDIA_BUCKET!, Key: key, ...extra }));

    const attachment = await fetch(
      await signed({
        ResponseContentDisposition: 'attachment; filename="Rose-remembers.pdf"',
        ResponseContentType: 'application/octet-stream',
      }),
    );
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-disposition')).toBe('attachment; filename="Rose-remembers.pdf"');
    expect(attachment.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await attachment.arrayBuffer()).equals(wavFile(1))).toBe(true);

    const plain = await fetch(await signed({}));
    expect(plain.headers.get('content-disposition')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('audio/wav');
  });

  it('refuses an expired URL, a changed key, another bucket and the run key', async () => {
    const user = await registerAndLogin();
    const key = await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    const read = await api<{ secure_url: string }>('GET', `/api/storage/secure-url/${key}`, { token: user.token });
    expect((await fetch(read.body.secure_url)).status).toBe(200);

    const other = await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    const changed = read.body.secure_url.replace(key, other);
    const res = await fetch(changed);
    expect(res.status).toBe(403);
    expect(await xmlCode(res)).toBe('SignatureDoesNotMatch');

    const expired = await getSignedUrl(gateClient(), new GetObjectCommand({ Bucket: env.MEDIA_BUCKET!, Key: key }), {
      signingDate: new Date(Date.now() - 3600_000),
      expiresIn: 60,
    });
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');

    const elsewhere = await fetch(
      read.body.secure_url.replace(`/_media/${env.MEDIA_BUCKET}/`, '/_media/other-bucket/'),
    );
    expect(elsewhere.status).toBe(403);

    const runSigned = await getSignedUrl(
      new S3Client({
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}/_media`,
        forcePathStyle: true,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
      }),
      new GetObjectCommand({ Bucket: env.MEDIA_BUCKET!, Key: key }),
    );
    const wrongKey = await fetch(runSigned);
    expect(wrongKey.status).toBe(403);
    expect(await xmlCode(wrongKey)).toBe('InvalidAccessKeyId');
  });
});

describe('uploads are checked against their POST policy before anything is stored', () => {
  async function fresh(kind: 'story-audio' | 'profile-image' = 'story-audio', type = 'audio/wav') {
    const user = await registerAndLogin();
    const res = await presign(user, kind, type, 1000);
    expect(res.status).toBe(201);
    return { user, upload: res.body as CreateUploadResponse };
  }
  const pendingOf = (user: { id: string }) => listKeys(`users/${user.id}/uploads/`);

  it('stores a file that keeps to its policy', async () => {
    const { user, upload } = await fresh();
    expect(await postToS3(upload, wavFile(1), 'audio/wav')).toBe(204);
    expect(await pendingOf(user)).toEqual([upload.key]);
  });

  it('refuses another key, another content type, an extra field and a changed policy (403)', async () => {
    const { user, upload } = await fresh();
    const bytes = wavFile(1);
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...upload.fields, key: `users/${user.id}/avatar/mine.png` }, 'AccessDenied'],
      [{ ...upload.fields, 'Content-Type': 'text/html' }, 'AccessDenied'],
      [{ ...upload.fields, 'x-amz-meta-note': 'hi' }, 'AccessDenied'],
      [{ ...upload.fields, 'X-Amz-Signature': '0'.repeat(64) }, 'SignatureDoesNotMatch'],
      [
        {
          ...upload.fields,
          Policy: Buffer.from(
            Buffer.from(upload.fields.Policy!, 'base64')
              .toString()
              .replace(/"content-length-range",1,\d+/, '"content-length-range",1,99999999'),
          ).toString('base64'),
        },
        'SignatureDoesNotMatch',
      ],
    ];
    for (const [fields, code] of cases) {
      const res = await postForm(upload.url, fields, bytes, 'audio/wav');
      expect(res.status, JSON.stringify(fields)).toBe(403);
      expect(await xmlCode(res)).toBe(code);
    }
    expect(await pendingOf(user)).toEqual([]);
    expect(await listKeys(`users/${user.id}/avatar/`)).toEqual([]);
  });

  it('refuses a file over the size range (400 EntityTooLarge) and an expired policy (403)', async () => {
    const { user, upload } = await fresh('profile-image', 'image/png');
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 1);
    const big = await postForm(upload.url, upload.fields, tooBig, 'image/png');
    expect(big.status).toBe(400);
    expect(await xmlCode(big)).toBe('EntityTooLarge');

    // Signed correctly with the media key, but its policy ended a minute ago.
    const expired = await createPresignedPost(gateClient(), {
      Bucket: env.MEDIA_BUCKET!,
      Key: upload.key,
      Fields: { 'Content-Type': 'image/png' },
      Conditions: [['content-length-range', 1, 1000]],
      Expires: -60,
    });
    const late = await postForm(expired.url, expired.fields, new Uint8Array([1, 2, 3]), 'image/png');
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Policy expired');
    expect(await pendingOf(user)).toEqual([]);
  });
});
