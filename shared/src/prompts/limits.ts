/**
 * Numbers of prompts and family questions (docs/family-loop.md, "Limits"). Kept beside the library rather
 * than in constants.ts so this feature's limits read in one place.
 */
/** A question (own or from the family) becomes the answer's title, so it fits a story title (STORY_TITLE_MAX). */
export const PROMPT_QUESTION_MAX = 200;
/** Own questions one storyteller keeps. */
export const OWN_QUESTIONS_MAX = 200;
/** Own questions added per hour. */
export const OWN_QUESTIONS_HOURLY = 30;
/** Family questions one person may send per day, to everyone together. */
export const ASKER_DAILY_QUESTIONS = 10;
/** Family questions one storyteller receives per day, from everyone together. */
export const STORYTELLER_DAILY_QUESTIONS = 30;
/** Ids "Another question" may skip in one call (the questions already seen on the card). */
export const EXCLUDE_MAX = 400;
