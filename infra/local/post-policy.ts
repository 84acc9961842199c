import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * S3's check of a browser POST upload (presigned POST), for local mode's media gate: s3rver stores
 * whatever it is sent. Written from the S3 documentation ("Creating a POST policy", "Calculating a
 * signature" for POST, SigV4): the policy is signed with the key pair's signing key; it must not have
 * expired; every condition must hold (`{field: value}` and `["eq", "$field", value]` exact,
 * `["starts-with", "$field", prefix]`, `["content-length-range", min, max]` on the file); and every form
 * field except `file`, `policy`, `x-amz-signature` and `x-ignore-*` must be named by a condition.
 */
export interface PolicyRefusal {
  code: string;
  message: string;
}

export type PolicyCheck = { ok: true; key: string } | ({ ok: false; status: number } & PolicyRefusal);

export interface PostPolicyInput {
  /** The form's fields before the file, names lower-cased (S3 compares them without case). */
  fields: ReadonlyMap<string, string>;
  /** The bucket the POST was sent to. */
  bucket: string;
  fileSize: number;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  now: Date;
}

const denied = (message: string): PolicyCheck => ({ ok: false, status: 403, code: 'AccessDenied', message });

export function checkPostPolicy(input: PostPolicyInput): PolicyCheck {
  const { fields } = input;
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential') ?? '';
  const key = fields.get('key');
  if (!policy || !signature || !key || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return {
      ok: false,
      status: 400,
      code: 'InvalidArgument',
      message: 'Bucket POST must contain a signed policy and a key.',
    };

  const [keyId, date = '', region = '', service = '', terminal = ''] = credential.split('/');
  if (keyId !== input.credentials.accessKeyId)
    return {
      ok: false,
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  if (region !== input.region || service !== 's3' || terminal !== 'aws4_request' || !/^\d{8}$/.test(date))
    return {
      ok: false,
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: 'The credential scope is malformed.',
    };
  const expected = createHmac('sha256', signingKey(input.credentials.secretAccessKey, date, region))
    .update(policy)
    .digest('hex');
  if (!sameText(signature, expected))
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return denied('Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  if (Number.isNaN(expiration)) return denied('Invalid Policy: Policy missing expiration.');
  if (input.now.getTime() > expiration) return denied('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(document.conditions)) return denied('Invalid Policy: Policy missing conditions.');

  const value = (name: string) => (name === 'bucket' ? input.bucket : fields.get(name));
  const named = new Set<string>();
  for (const condition of document.conditions as unknown[]) {
    const failed = () => denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition)) {
      const [op, subject, arg] = condition as [unknown, unknown, unknown];
      if (op === 'content-length-range') {
        const [min, max] = [Number(subject), Number(arg)];
        if (input.fileSize > max)
          return {
            ok: false,
            status: 400,
            code: 'EntityTooLarge',
            message: 'Your proposed upload exceeds the maximum allowed size',
          };
        if (input.fileSize < min)
          return {
            ok: false,
            status: 400,
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
          };
        continue;
      }
      if (typeof subject !== 'string' || !subject.startsWith('$') || typeof arg !== 'string') return failed();
      const name = subject.slice(1).toLowerCase();
      named.add(name);
      const given = value(name) ?? '';
      if (op === 'eq' ? given !== arg : op === 'starts-with' ? !given.startsWith(arg) : true) return failed();
    } else if (condition && typeof condition === 'object') {
      const entries = Object.entries(condition);
      if (entries.length !== 1) return failed();
      const [[name, wanted]] = entries as [[string, unknown]];
      named.add(name.toLowerCase());
      if (value(name.toLowerCase()) !== wanted) return failed();
    } else return failed();
  }

  for (const name of fields.keys()) {
    if (name === 'policy' || name === 'x-amz-signature' || name.startsWith('x-ignore-')) continue;
    if (!named.has(name)) return denied(`Invalid according to Policy: Extra input fields: ${name}`);
  }
  return { ok: true, key };
}

/** SigV4's signing key: HMAC chain over the date, region, service and `aws4_request`. */
function signingKey(secret: string, date: string, region: string): Buffer {
  const step = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return step(step(step(step(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

/** Compares secrets in constant time. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
