import * as z from 'zod/mini';
import { type LifeStage, promptLibrary, type ThemeData } from './library.ts';

/**
 * The prompt library, checked and indexed once at module load (a malformed entry fails every test and
 * every cold start at once, never a user's request). Ids are `<theme>-<nn>`; the checks keep them unique
 * and the texts short enough to stand as a story title.
 */
export const LIBRARY_PROMPT_ID = /^[a-z]+-\d{2}$/;
const PROMPT_TEXT_MAX = 200;

const themeSchema = z.object({
  id: z.string().check(z.regex(/^[a-z]+$/)),
  stage: z.enum(['early', 'grown', 'whole']),
  title: z.string().check(z.minLength(1)),
  prompts: z.array(
    z.object({
      id: z.string().check(z.regex(LIBRARY_PROMPT_ID)),
      text: z.string().check(z.minLength(10), z.maxLength(PROMPT_TEXT_MAX)),
    }),
  ),
});

export interface LibraryPrompt {
  id: string;
  text: string;
  theme: string;
  stage: LifeStage;
}

/** Parses the library and checks the rules a schema cannot say alone: unique ids, each under its own theme. */
export function loadLibrary(data: readonly ThemeData[]): { themes: ThemeData[]; prompts: LibraryPrompt[] } {
  const themes = z.array(themeSchema).parse(data) as ThemeData[];
  const seen = new Set<string>();
  const prompts: LibraryPrompt[] = [];
  for (const theme of themes) {
    for (const p of theme.prompts) {
      if (seen.has(p.id)) throw new Error(`Prompt id ${p.id} is used twice`);
      if (!p.id.startsWith(`${theme.id}-`)) throw new Error(`Prompt ${p.id} is not under its theme ${theme.id}`);
      seen.add(p.id);
      prompts.push({ id: p.id, text: p.text, theme: theme.id, stage: theme.stage });
    }
  }
  return { themes, prompts };
}

const loaded = loadLibrary(promptLibrary);

/** The themes in the order of a life (the browse list's order). */
export const libraryThemes: readonly ThemeData[] = loaded.themes;
/** Every library prompt, theme by theme. */
export const libraryPrompts: readonly LibraryPrompt[] = loaded.prompts;
const byId = new Map(libraryPrompts.map((p) => [p.id, p]));

/** A library prompt by id; undefined for ids the library does not hold. */
export function libraryPrompt(id: string): LibraryPrompt | undefined {
  return byId.get(id);
}
