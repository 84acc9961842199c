import { DIRECT_UPLOAD_MAX_BYTES, mediaText, type UploadKind, uploadRules } from '@storyloom/shared/media';
import { serverText } from '@storyloom/shared/messages';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import type * as z from 'zod/mini';
import { PayloadTooLarge, ValidationFailed } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

/** A multipart body of DIRECT_UPLOAD_MAX_BYTES, base64-encoded by API Gateway, plus the form's framing. */
export const UPLOAD_EVENT_MAX_BYTES = Math.ceil((DIRECT_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

export type UploadBody<T> = { from: 'file'; bytes: Uint8Array } | { from: 'upload'; body: T };

/**
 * The two shapes of a media call (spec section 7 and docs/media.md): multipart with one file field,
 * for files that fit one request (413 beyond), or JSON `{ upload_key }` confirming a presigned upload.
 */
export async function readUploadBody<S extends z.ZodMiniType>(
  event: HttpEvent,
  options: { field: string; kind: UploadKind; noFileMessage: string; confirmSchema: S },
): Promise<UploadBody<z.infer<S>>> {
  const contentType = event.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    const bytes = await multipartFile(event, contentType, options.field, options.noFileMessage);
    const rule = uploadRules[options.kind];
    if (bytes.length > rule.maxBytes) throw new PayloadTooLarge(rule.sizeMessage);
    if (bytes.length > DIRECT_UPLOAD_MAX_BYTES) throw new PayloadTooLarge(mediaText.tooBigForDirect);
    return { from: 'file', bytes };
  }
  let json: unknown;
  try {
    json = event.body
      ? JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString() : event.body)
      : {};
  } catch {
    throw new ValidationFailed(serverText.malformedJson);
  }
  const parsed = options.confirmSchema.safeParse(json);
  if (!parsed.success) throw new ValidationFailed(firstIssue(parsed.error));
  return { from: 'upload', body: parsed.data as z.infer<S> };
}

/** One file field of a multipart body, parsed by the platform's own FormData reader. */
async function multipartFile(event: HttpEvent, contentType: string, field: string, noFile: string) {
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationFailed(noFile);
  }
  const file = form.get(field);
  if (!file || typeof file === 'string' || file.size === 0) throw new ValidationFailed(noFile);
  return new Uint8Array(await file.arrayBuffer());
}
