import { formatCount } from './numbers.ts';
/** Texts of the field rules every form shares (shared/src/schemas/fields.ts). */
export const textMessages = {
  unsupported: 'This text contains characters that cannot be saved (a NUL or a broken character)',
  lineBreak: 'Please keep this on one line, without tabs or control characters',
  /** Multi-line text (a story, a comment, a message) keeps line breaks and tabs, no other control character. */
  controlCharacters:
    'This text contains control characters that cannot be saved; only line breaks and tabs are allowed',
  /** A parse failure without a message of its own (not expected: every rule names its text). */
  invalid: 'Invalid input',
  /** `label` names the field ("Name", "Description"; "This field" when none is given). */
  tooLong: (label: string, max: number) => `${label} must be at most ${formatCount(max)} characters`,
} as const;

/** The question asked before leaving a form with unsaved work (`LeaveFormDialog`: story forms, recorders, the book form). */
export const leaveFormText = {
  title: 'Leave Without Saving?',
  confirm: 'Leave Without Saving',
  keepWriting: 'Keep Writing',
  /** The safe choice on a page with a recording. */
  stay: 'Stay on This Page',
  lost: 'What you have typed on this page will be lost.',
} as const;
