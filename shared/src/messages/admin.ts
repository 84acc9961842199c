/** The admin dashboard: the spec's texts word for word. */
export const adminFallback = {
  adminUsers: 'Failed to fetch users.',
  adminStories: 'Failed to fetch stories.',
  adminRole: 'Failed to update user role.',
  adminPrivacy: 'Failed to update story privacy.',
  adminDelete: 'Failed to delete story.',
} as const;

/** The admin dashboard's stories table: its buttons and the delete question (texts the spec leaves open). */
export const adminStoriesText = {
  caption: 'Stories',
  columns: ['ID', 'Title', 'Description', 'Author', 'Privacy', 'Created', 'Actions'],
  public: 'Public',
  private: 'Private',
  read: 'Read',
  readLabel: (title: string) => `Read ${title}`,
  /** Read: the whole story could not be fetched (the server's text when it sent one), so the list's start shows. */
  readFailed: 'Failed to load the story.',
  readBeginningOnly: 'Showing the beginning only.',
  privacyLabel: (title: string) => `Privacy for ${title}`,
  none: 'No stories yet.',
  delete: {
    open: 'Delete',
    openLabel: (title: string) => `Delete ${title}`,
    title: 'Delete Story?',
    confirm: 'Delete Story',
    busy: 'Deleting…',
    keep: 'Keep Story',
    question: 'Are you sure you want to permanently delete this story?',
    /** The story's title (shown in bold: pass it with a `key`) and its author. */
    which: <T>(title: T, author: string) => [title, ` by ${author}`] as const,
  },
} as const;

/** The admin dashboard's users table (spec section 6: ID, Username, Email, Role, Joined). */
export const adminUsersText = {
  caption: 'Users',
  columns: ['ID', 'Username', 'Email', 'Role', 'Joined'],
  roleLabel: (username: string) => `Role for ${username}`,
  roles: { user: 'User', admin: 'Admin' },
  none: 'No users yet.',
} as const;
