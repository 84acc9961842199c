/**
 * Every key of the single table is built here, never by hand in handlers or services. Each function
 * names the access pattern it serves.
 */
const lower = (s: string) => s.trim().toLowerCase();

export const keys = {
  /** User by id. */
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Unique-name guards: one item per lower-cased username / email, so a conditional put enforces uniqueness. */
  usernameGuard: (username: string) => ({ pk: `USERNAME#${lower(username)}`, sk: 'USERNAME' }),
  emailGuard: (email: string) => ({ pk: `EMAIL#${lower(email)}`, sk: 'EMAIL' }),
  /** Users listed for the admin panel, newest first (gsi1). */
  allUsersIndex: (createdAt: string, userId: string) => ({ gsi1pk: 'USERS', gsi1sk: `${createdAt}#${userId}` }),
  allUsersPartition: () => 'USERS',

  /** Contact messages by month, newest first. */
  contactMessage: (sentAt: string, id: string) => ({ pk: `CONTACT#${sentAt.slice(0, 7)}`, sk: `${sentAt}#${id}` }),

  /** Fixed-window counters for rate limits, expiring with the window. */
  rateCounter: (scope: string, subject: string, windowStart: number) => ({
    pk: `RATE#${scope}#${subject}`,
    sk: String(windowStart),
  }),
} as const;
