import * as z from 'zod/mini';
import { validation } from '../messages.ts';

/** Half of a UTF-16 surrogate pair without its other half: not text (JSON and DynamoDB mangle it). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL and no unpaired surrogate: text every store and every mail can carry unchanged. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The spec's "simple email shape": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A required string, trimmed; `missing` is the message when absent or blank.
 * `label` names the field in the over-length message.
 */
export const requiredText = (missing: string, max: number, label = 'This field') =>
  z.pipe(
    z.string({ error: missing }),
    z.string().check(z.trim(), z.minLength(1, missing), z.maxLength(max, `${label} must be at most ${max} characters`)),
  );

/** An optional string, trimmed; blank becomes undefined. */
export const optionalText = (max: number, label = 'This field') =>
  z.optional(
    z.pipe(
      z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
      z.transform((v) => (v ? v : undefined)),
    ),
  );

/** A required email: `missing` when blank, the spec's shape message otherwise. */
export const emailField = (missing: string, max: number) =>
  z.pipe(
    z.string({ error: missing }),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, missing),
        z.maxLength(max, validation.validEmail),
        z.regex(EMAIL_PATTERN, validation.validEmail),
      ),
  );

/** First message of a failed parse: forms show one message at a time, as the spec's screens do. */
export function firstIssue(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
