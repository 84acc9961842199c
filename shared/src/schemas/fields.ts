import * as z from 'zod/mini';
import { textMessages } from '../messages/fields.ts';
import { validation } from '../messages.ts';

/** Half of a UTF-16 surrogate pair without its other half: not text (JSON and DynamoDB mangle it). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL and no unpaired surrogate: text every store and every mail can carry unchanged. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Characters that show nothing on their own: controls, format characters (zero-width, bidi), every
 * kind of space, and the blank fillers (Hangul, braille). A title of only these is blank.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u3164\uFFA0\u2800\u17B4\u17B5\u180E]|\u034F/gu;
/** Control characters (CR, LF, tab, NUL…) have no place in a one-line field such as a name or a title. */
const CONTROL = /\p{Cc}/u;
/** C0 and C1 controls other than tab, line feed and carriage return: multi-line text keeps only those three. */
const STRAY_CONTROL = /(?![\t\n\r])\p{Cc}/u;
/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, and they reverse or
 * reorder the text after them, so a name, a title or a question could show something other than what it
 * holds ("‮txt.exe" reads "exe.txt"), in every list and mail it reaches. Plain right-to-left text needs none of
 * them (the Unicode bidi algorithm orders it), so they are stripped from all free text; the marks LRM/RLM/ALM
 * stay (they reorder nothing around them).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidi embedding, override and isolate controls (see BIDI_CONTROLS). */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/** True when the text holds no control character besides tab, line feed and carriage return. */
export function hasOnlyTextControls(value: string): boolean {
  return !STRAY_CONTROL.test(value);
}

/**
 * The checks every free-text field shares, in this order: bidi controls stripped, trimmed (the caller's
 * length and blank checks go between), then storable, visible, and the controls its kind allows.
 */
export const stripBidi = () => z.overwrite(withoutBidiControls);
export const controlCheck = (multiLine: boolean) =>
  multiLine
    ? z.refine<string>(hasOnlyTextControls, textMessages.controlCharacters)
    : z.refine<string>((v) => !CONTROL.test(v), textMessages.lineBreak);

export { textMessages };

/** True when something would show: text left after removing invisible characters. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/**
 * One plain address: a local part of letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, an
 * `@`, and a domain of dot-separated labels. No display name (`Name <a@b.c>`), no quotes, commas,
 * spaces, angle brackets, zero-width or control characters: the spec's "something@something.something",
 * made strict so one field can never name a second recipient or a header.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+(?<!\.)@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** How addresses are compared (uniqueness, lookups, limits): trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A required string, trimmed; `missing` is the message when absent or blank (also when only invisible
 * characters are left). `label` names the field in the over-length message. `multiLine` allows line
 * breaks and tabs (messages, story content); other fields refuse every control character.
 */
export const requiredText = (missing: string, max: number, label = 'This field', opts: { multiLine?: boolean } = {}) =>
  z.pipe(
    z.string({ error: missing }),
    z
      .string()
      .check(
        stripBidi(),
        z.trim(),
        z.minLength(1, missing),
        z.maxLength(max, textMessages.tooLong(label, max)),
        z.refine(isStorableText, textMessages.unsupported),
        z.refine(hasVisibleText, missing),
        controlCheck(opts.multiLine === true),
      ),
  );

/** An optional one-line string, trimmed; blank (or only invisible characters) becomes undefined. */
export const optionalText = (max: number, label = 'This field') =>
  z.optional(
    z.pipe(
      z.nullable(
        z
          .string()
          .check(
            stripBidi(),
            z.trim(),
            z.maxLength(max, textMessages.tooLong(label, max)),
            z.refine(isStorableText, textMessages.unsupported),
            controlCheck(false),
          ),
      ),
      z.transform((v) => (v && hasVisibleText(v) ? v : undefined)),
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
  return error.issues[0]?.message ?? textMessages.invalid;
}
