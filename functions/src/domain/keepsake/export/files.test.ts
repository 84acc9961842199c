import { describe, expect, it } from 'vitest';
import type { ExportStory } from './collect.ts';
import { datesOf, privacyOf, slug, storyFolder, storyJson, storyMarkdown } from './files.ts';
import { offlinePage } from './offline-page.ts';

const story = (overrides: Partial<ExportStory['story']> = {}, extra: Partial<ExportStory> = {}): ExportStory => ({
  story: {
    id: 's1',
    authorId: 'u1',
    authorUsername: 'rose',
    title: 'Ça va? <The> "lake" summer',
    content: 'First paragraph.\n\nSecond <b>bold</b> & more.',
    storyType: 'text',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    isPublic: false,
    allowComments: true,
    ...overrides,
  },
  comments: [],
  shares: [],
  media: [],
  ...extra,
});

describe('export files', () => {
  it('names folders by order and an ASCII slug of the title', () => {
    expect(slug('Ça va? <The> "lake" summer')).toBe('ca-va-the-lake-summer');
    expect(slug('日本の夏')).toBe('story');
    expect(slug('a'.repeat(60))).toHaveLength(40);
    expect(storyFolder(7, 'Crossing the river')).toBe('stories/007-crossing-the-river');
  });

  it('says the dates and who can read a story in words', () => {
    expect(datesOf(story({ startDate: '1952-06-01', endDate: '1952-08-31' }))).toBe('1952-06-01 – 1952-08-31');
    expect(datesOf(story({ startDate: '1952-06-01', endDate: '1952-06-01' }))).toBe('1952-06-01');
    expect(datesOf(story())).toBeUndefined();
    const shared = story(
      { shareToken: 't' },
      {
        shares: [
          {
            id: 'x',
            storyId: 's1',
            userId: 'u2',
            username: 'ann',
            permission: 'comment',
            createdAt: '',
            updatedAt: '',
          },
        ],
      },
    );
    expect(privacyOf(shared)).toBe('Private; shared with ann (comment); anyone with its share link; comments allowed');
  });

  it('writes Markdown with the fields, file links, text and comments; JSON with the same', () => {
    const s = story(
      { location: 'Lake Tahoe', startDate: '1988-07-01' },
      {
        media: [{ key: 'k', name: 'narration.mp3', role: 'narration', voiceName: 'Grandma' }],
        comments: [
          { id: 'c', storyId: 's1', authorId: 'u2', authorUsername: 'ann', text: 'Lovely', createdAt: '2026-11-03' },
        ],
      },
    );
    const md = storyMarkdown(s);
    expect(md).toContain('# Ça va? <The> "lake" summer');
    expect(md).toContain('- **When:** 1988-07-01');
    expect(md).toContain('- **Where:** Lake Tahoe');
    expect(md).toContain('Narration (voice: Grandma): [narration.mp3](narration.mp3)');
    expect(md).toContain('## Comments\n\n**ann** (2026-11-03): Lovely');
    const json = JSON.parse(storyJson(s));
    expect(json).toMatchObject({ location: 'Lake Tahoe', start_date: '1988-07-01', end_date: null, is_public: false });
    expect(json.files).toEqual([{ name: 'narration.mp3', role: 'narration' }]);
  });

  it('says under the title which questions from the family the story answers, written or recorded', () => {
    const answers = [
      { askerName: 'Anna', text: 'Where did you meet grandpa?' },
      { askerName: 'Tom', text: 'And the wedding?' },
    ];
    const md = storyMarkdown(story({}, { answers }));
    expect(md.split('\n').slice(0, 5)).toEqual([
      '# Ça va? <The> "lake" summer',
      '',
      "Written in answer to Anna's question: “Where did you meet grandpa?”",
      '',
      "Written in answer to Tom's question: “And the wedding?”",
    ]);
    expect(storyMarkdown(story({ storyType: 'audio' }, { answers: answers.slice(0, 1) }))).toContain(
      "Recorded in answer to Anna's question: “Where did you meet grandpa?”",
    );
    expect(storyMarkdown(story())).not.toContain('in answer to');
    expect(JSON.parse(storyJson(story({}, { answers }))).answers_questions).toEqual([
      { asked_by: 'Anna', question: 'Where did you meet grandpa?' },
      { asked_by: 'Tom', question: 'And the wedding?' },
    ]);
  });

  it('escapes what people typed on the offline page and links files relatively', () => {
    const s = story({}, { media: [{ key: 'k', name: 'recording.webm', role: 'recording' }] });
    const html = [
      ...offlinePage({ user: { username: 'rose<x>' } as never, stories: [s] }, ['stories/001-x'], '2026-11-26'),
    ].join('');
    expect(html).toContain('<title>Stories of rose&lt;x&gt;</title>');
    expect(html).toContain('Ça va? &lt;The&gt; &quot;lake&quot; summer');
    expect(html).toContain('<p>Second &lt;b&gt;bold&lt;/b&gt; &amp; more.</p>');
    expect(html).toContain('<audio controls preload="metadata" src="stories/001-x/recording.webm"></audio>');
    expect(html).not.toMatch(/<script|https?:/);
  });
});
