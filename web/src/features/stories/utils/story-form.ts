import { validation } from '@storyloom/shared/messages';
import {
  type CreateStoryInput,
  createStorySchema,
  type StoryDto,
  updateStorySchema,
} from '@storyloom/shared/schemas/stories';
import type { StoryUpdate } from '../api/update-story.ts';

export const STORY_FIELDS = ['title', 'content', 'location', 'start_date', 'end_date'] as const;
export type StoryField = (typeof STORY_FIELDS)[number];
export type StoryFormValues = Record<StoryField, string>;

export const emptyStoryValues: StoryFormValues = { title: '', content: '', location: '', start_date: '', end_date: '' };

export function isStoryField(value: unknown): value is StoryField {
  return typeof value === 'string' && (STORY_FIELDS as readonly string[]).includes(value);
}

export type FormCheck<T> = { ok: true; value: T } | { ok: false; message: string; field: StoryField | null };

interface Issue {
  message: string;
  path: readonly PropertyKey[];
}

/** The field an issue is about; the date-order rule is about the whole object, shown at the end date. */
function fieldOf(issue: Issue): StoryField | null {
  const field = issue.path[0];
  if (isStoryField(field)) return field;
  return issue.path.length === 0 ? 'end_date' : null;
}

/** Create (spec section 5): the shared schema's rules and messages, first issue first. */
export function checkCreate(values: StoryFormValues): FormCheck<CreateStoryInput> {
  const parsed = createStorySchema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: issue?.message ?? validation.storyContentCreate, field: issue ? fieldOf(issue) : null };
}

/**
 * Edit (spec section 5): title required, content required for text stories, then the schema's other
 * rules. Sends trimmed values, and dates or null; an audio story sends only title and description.
 */
export function checkEdit(values: StoryFormValues, isAudio: boolean): FormCheck<StoryUpdate> {
  const parsed = updateStorySchema.safeParse(values);
  const issues: readonly Issue[] = parsed.success ? [] : parsed.error.issues;
  const titleIssue = issues.find((i) => i.path[0] === 'title');
  if (titleIssue) return { ok: false, message: titleIssue.message, field: 'title' };
  if (!isAudio && values.content.trim() === '') {
    return { ok: false, message: validation.storyContentEdit, field: 'content' };
  }
  if (!parsed.success) {
    const issue = issues[0];
    return { ok: false, message: issue?.message ?? validation.storyTitleEdit, field: issue ? fieldOf(issue) : null };
  }
  const { title, content = '', location, start_date, end_date } = parsed.data;
  if (isAudio) return { ok: true, value: { title, content } };
  return {
    ok: true,
    value: { title, content, location: location || null, start_date: start_date ?? null, end_date: end_date ?? null },
  };
}

/** The form's starting values for a loaded story. */
export function valuesOf(story: StoryDto): StoryFormValues {
  return {
    title: story.title,
    content: story.content,
    location: story.location ?? '',
    start_date: story.start_date ?? '',
    end_date: story.end_date ?? '',
  };
}

/** Whether leaving now would lose typing. */
export function isDirty(values: StoryFormValues, initial: StoryFormValues): boolean {
  return (Object.keys(values) as StoryField[]).some((field) => values[field] !== initial[field]);
}
