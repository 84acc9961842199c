import { describe, expect, it } from 'vitest';
import { questionSchema } from '../interactive.ts';
import { textMessages } from '../messages/fields.ts';
import { interactiveText } from '../messages/interactive.ts';
import { validation } from '../messages.ts';
import { cloneVoiceSchema } from '../voice.ts';
import { contactSchema } from './contact.ts';
import { withoutBidiControls } from './fields.ts';
import { commentSchema, createStorySchema, updateStorySchema } from './stories.ts';

/** Issue 18: bidi controls are stripped from free text; stray control characters are refused. */
const RLO = '\u202E';
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const story = (over: Record<string, unknown>) => ({ title: 'A title', content: 'Some text.', ...over });
const first = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('bidi controls', () => {
  it('are removed, every one of U+202A–U+202E and U+2066–U+2069, and nothing else', () => {
    expect(withoutBidiControls(`a${BIDI.join('')}b`)).toBe('ab');
    // The marks that reorder nothing around them stay, as does right-to-left text itself.
    expect(withoutBidiControls('\u200Eשלום\u200F عربي\u061C')).toBe('\u200Eשלום\u200F عربي\u061C');
  });

  it('are stripped from titles, locations, story text, comments, names and messages; a question is refused', () => {
    const created = createStorySchema.parse(
      story({ title: `${RLO}gpj.exe`, location: `Li${RLO}sbon`, content: `Once${RLO} upon\na time` }),
    );
    expect(created).toMatchObject({ title: 'gpj.exe', location: 'Lisbon', content: 'Once upon\na time' });
    expect(updateStorySchema.parse(story({ title: `\u2067Title\u2069`, content: `x${RLO}` })).title).toBe('Title');
    expect(commentSchema.parse({ text: `Lovely${RLO}!` }).text).toBe('Lovely!');
    expect(cloneVoiceSchema.parse({ name: `Gran${RLO}dma`, consent: true }).name).toBe('Grandma');
    // Issue 16: a question with them is a clear 400, and nothing is stored.
    expect(first(questionSchema.safeParse({ question: `Where${RLO} was it?` }))).toBe(
      interactiveText.questionDirection,
    );
    const contact = contactSchema.parse({ name: `${RLO}Ann`, email: 'a@b.co', message: `Hi${RLO}\nthere` });
    expect(contact).toMatchObject({ name: 'Ann', message: 'Hi\nthere' });
  });

  it('leave a title of nothing else blank: the "required" text', () => {
    expect(first(createStorySchema.safeParse(story({ title: `${RLO}\u2066 ` })))).toBe(validation.storyTitleCreate);
  });
});

describe('control characters', () => {
  it.each([
    ['NUL', '\u0000', textMessages.unsupported],
    ['bell', '\u0007', textMessages.lineBreak],
    ['escape', '\u001B', textMessages.lineBreak],
    ['line feed', '\n', textMessages.lineBreak],
    ['tab', '\t', textMessages.lineBreak],
    ['DEL', '\u007F', textMessages.lineBreak],
    ['C1 CSI', '\u009B', textMessages.lineBreak],
  ])('%s is refused in a one-line field (title, name, question)', (_label, char, message) => {
    expect(first(createStorySchema.safeParse(story({ title: `A${char}B` })))).toBe(message);
    expect(first(cloneVoiceSchema.safeParse({ name: `A${char}B`, consent: true }))).toBe(message);
    expect(first(questionSchema.safeParse({ question: `Why${char}?` }))).toBe(message);
  });

  it.each([
    ['bell', '\u0007'],
    ['escape', '\u001B'],
    ['form feed', '\f'],
    ['vertical tab', '\v'],
    ['DEL', '\u007F'],
    ['C1 NEL', '\u0085'],
  ])('%s is refused in multi-line text (story, comment, message)', (_label, char) => {
    const message = textMessages.controlCharacters;
    expect(first(createStorySchema.safeParse(story({ content: `One${char}two` })))).toBe(message);
    expect(first(commentSchema.safeParse({ text: `One${char}two` }))).toBe(message);
    expect(first(contactSchema.safeParse({ name: 'Ann', email: 'a@b.co', message: `One${char}two` }))).toBe(message);
  });

  it('line breaks and tabs stay in multi-line text', () => {
    const content = 'First line\r\nSecond\tline\nThird';
    expect(createStorySchema.parse(story({ content })).content).toBe(content);
    expect(commentSchema.parse({ text: content }).text).toBe(content);
  });
});
