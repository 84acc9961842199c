import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import { checkPostPolicy, type PolicyRefusal, sameText } from './post-policy.ts';

/**
 * Local mode's door to the media bucket (docs/local-mode.md, "Media"). Browsers never talk to the S3
 * stand-in: presigned URLs point here, on the page's own origin (`<origin>/_media/<bucket>/<key>`), and
 * are signed with a media-only key pair that nothing else accepts. This gate checks them as S3 does
 * (a GET's SigV4 query signature and expiry; a POST's policy: signature, expiry, key, content type,
 * size, every field) and only then reads or writes the object with the run's own credentials, which
 * stay in this process. s3rver itself checks neither signatures nor POST policies.
 */
export interface MediaGateOptions {
  /** The URL path prefix, e.g. `/_media`. */
  path: string;
  /** The one bucket browsers may reach. */
  bucket: string;
  region: string;
  /** The media-only key pair the handlers presign with (LOCAL_MEDIA_KEY_ID / LOCAL_MEDIA_SECRET). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Client with the run's credentials, for the stand-in (or LocalStack) behind the gate. */
  s3: S3Client;
  /** Largest body a POST may carry (the largest upload kind plus room for the form fields). */
  maxPostBytes: number;
}

/** node:crypto as the SDK's Checksum: SignatureV4 wants a constructor of (optionally keyed) SHA-256. */
class Sha256 {
  private hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    throw new Error('not used by SignatureV4');
  }
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** S3's longest presigned URL lifetime (7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

export function createMediaGate(opts: MediaGateOptions) {
  // S3 signs paths as they are (no second escaping), and leaves the payload unsigned in presigned URLs.
  const signer = new SignatureV4({
    credentials: opts.credentials,
    region: opts.region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

  return async function serveMedia(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const rest = url.pathname.slice(opts.path.length + 1);
    const slash = rest.indexOf('/');
    const bucket = slash === -1 ? rest : rest.slice(0, slash);
    const key = slash === -1 ? '' : decodeKey(rest.slice(slash + 1));
    if (bucket !== opts.bucket || key === null) return s3Error(res, 403, 'AccessDenied', 'Access Denied');
    const method = req.method ?? 'GET';
    if (method === 'POST' && key === '') return await upload(req, res);
    if ((method === 'GET' || method === 'HEAD') && key !== '') {
      const refusal = await checkQuerySignature(req, url);
      if (refusal) return s3Error(res, 403, refusal.code, refusal.message);
      return await download(req, res, key, method === 'HEAD', url.searchParams);
    }
    return s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  };

  /** A presigned GET as S3 checks it: our key id, not expired, and the signature over method, path, query and host. */
  async function checkQuerySignature(req: IncomingMessage, url: URL): Promise<PolicyRefusal | null> {
    const q = url.searchParams;
    const given = q.get('X-Amz-Signature') ?? '';
    const [keyId] = (q.get('X-Amz-Credential') ?? '').split('/');
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !given)
      return { code: 'AccessDenied', message: 'Query-string authentication version 4 requires a signature.' };
    if (keyId !== opts.credentials.accessKeyId)
      return {
        code: 'InvalidAccessKeyId',
        message: 'The AWS Access Key Id you provided does not exist in our records.',
      };
    const signedAt = parseAmzDate(q.get('X-Amz-Date') ?? '');
    const expires = Number(q.get('X-Amz-Expires'));
    if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS)
      return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Date or X-Amz-Expires is malformed.' };
    if (Date.now() > signedAt.getTime() + expires * 1000)
      return { code: 'AccessDenied', message: 'Request has expired' };
    // Only `host` is signed in the URLs the handlers make; anything else named would not be checked here.
    if (q.get('X-Amz-SignedHeaders') !== 'host')
      return { code: 'SignatureDoesNotMatch', message: 'Only the host header may be signed.' };
    const query: Record<string, string> = {};
    for (const [name, value] of q)
      if (name !== 'X-Amz-Signature' && name !== 'X-Amz-Content-Sha256') query[name] = value;
    // The payload hash travels in the query (S3's presigner hoists it there: UNSIGNED-PAYLOAD); the signer
    // reads it from the header and hoists it back.
    const payload = q.get('X-Amz-Content-Sha256');
    const [hostname = '', port] = (req.headers.host ?? '').split(':');
    const expected = await signer.presign(
      {
        // The method is signed: a URL made for GET does not answer HEAD, as in S3.
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname,
        port: port ? Number(port) : undefined,
        path: url.pathname,
        query,
        headers: { host: req.headers.host ?? '', ...(payload && { 'X-Amz-Content-Sha256': payload }) },
      },
      { signingDate: signedAt, expiresIn: expires },
    );
    const wanted = String(expected.query?.['X-Amz-Signature'] ?? '');
    return sameText(given, wanted)
      ? null
      : {
          code: 'SignatureDoesNotMatch',
          message: 'The request signature we calculated does not match the signature you provided.',
        };
  }

  async function download(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    headOnly: boolean,
    query: URLSearchParams,
  ) {
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    try {
      if (headOnly) {
        const head = await opts.s3.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
        res.writeHead(200, { ...objectHeaders(head), ...responseOverrides(query) });
        res.end();
        return;
      }
      const got = await opts.s3.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key, Range: range }));
      res.writeHead(got.ContentRange ? 206 : 200, { ...objectHeaders(got), ...responseOverrides(query) });
      const body = got.Body as Readable | undefined;
      if (!body) {
        res.end();
        return;
      }
      body.on('error', () => res.destroy());
      body.pipe(res);
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 500;
      const code = (error as Error).name || 'InternalError';
      s3Error(res, status, code, status === 404 ? 'The specified key does not exist.' : code);
    }
  }

  async function upload(req: IncomingMessage, res: ServerResponse) {
    const body = await readLimited(req, opts.maxPostBytes);
    if (body === 'too-large')
      return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
    } catch {
      return s3Error(
        res,
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      );
    }
    const fields = new Map<string, string>();
    let file: Blob | null = null;
    for (const [name, value] of form) {
      if (name.toLowerCase() === 'file') {
        if (typeof value !== 'string') file = value;
        // S3 ignores every field after the file.
        break;
      }
      if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    }
    if (!file) return s3Error(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const checked = checkPostPolicy({
      fields,
      bucket: opts.bucket,
      fileSize: file.size,
      credentials: opts.credentials,
      region: opts.region,
      now: new Date(),
    });
    if (!checked.ok) return s3Error(res, checked.status, checked.code, checked.message);
    await opts.s3.send(
      new PutObjectCommand({
        Bucket: opts.bucket,
        Key: checked.key,
        Body: new Uint8Array(await file.arrayBuffer()),
        ContentType: fields.get('content-type'),
        Tagging: tagsAsQuery(fields.get('tagging')),
      }),
    );
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  }
}

/** `users/a/b.wav` from the URL path; null for anything S3 keys of this app never hold (`..`, broken escapes). */
function decodeKey(raw: string): string | null {
  try {
    const key = decodeURIComponent(raw);
    return key.split('/').some((part) => part === '..' || part === '.') ? null : key;
  } catch {
    return null;
  }
}

/** `20261126T155300Z` → a Date (the form SigV4 uses). */
function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The presigned POST's tagging document (`<Tagging><TagSet><Tag>…`) as PutObject's `k=v&…` form. */
function tagsAsQuery(xml: string | undefined): string | undefined {
  if (!xml) return undefined;
  const tags = [...xml.matchAll(/<Tag><Key>([^<]*)<\/Key><Value>([^<]*)<\/Value><\/Tag>/g)];
  return tags.map(([, k = '', v = '']) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') || undefined;
}

/**
 * S3's response header overrides of a presigned GET (`response-content-disposition` and the rest, part of the
 * signed query): a keepsake link names its file as an attachment, so the browser saves the book's PDF
 * instead of leaving the app for a viewer (data/media.ts presignDownload).
 */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};

function responseOverrides(query: URLSearchParams): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [param, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = query.get(param);
    // Only what a header value may hold (node throws on the rest, e.g. a line break); S3 refuses them too.
    if (value && /^[\t\x20-\x7e]*$/.test(value)) headers[header] = value;
  }
  return headers;
}

function objectHeaders(o: {
  ContentType?: string;
  ContentLength?: number;
  ContentRange?: string;
  ETag?: string;
  LastModified?: Date;
}): Record<string, string> {
  const headers: Record<string, string> = { 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' };
  if (o.ContentType) headers['content-type'] = o.ContentType;
  if (o.ContentLength !== undefined) headers['content-length'] = String(o.ContentLength);
  if (o.ContentRange) headers['content-range'] = o.ContentRange;
  if (o.ETag) headers.etag = o.ETag;
  if (o.LastModified) headers['last-modified'] = o.LastModified.toUTCString();
  return headers;
}

async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return 'too-large';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** S3's error document. */
function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  const xml = (t: string) => t.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
  res.writeHead(status, { 'content-type': 'application/xml', 'cache-control': 'no-store' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${xml(code)}</Code><Message>${xml(message)}</Message></Error>`,
  );
}
