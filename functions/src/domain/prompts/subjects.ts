import { createHash } from 'node:crypto';

/** Rate-limit subjects are hashed, as elsewhere: the counters hold no user ids. */
export const hashed = (value: string): string => createHash('sha256').update(value).digest('hex');
