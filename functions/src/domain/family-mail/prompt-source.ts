/**
 * The question a weekly email carries comes from the prompts feature (issue 20 A): family questions
 * first, then the library. One import point, so the email never reaches into that feature's data.
 */
export { nextPromptFor } from '../prompts/next.ts';
