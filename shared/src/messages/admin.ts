/** The admin dashboard: the spec's texts word for word. */
export const adminFallback = {
  adminUsers: 'Failed to fetch users.',
  adminStories: 'Failed to fetch stories.',
  adminRole: 'Failed to update user role.',
  adminPrivacy: 'Failed to update story privacy.',
  adminDelete: 'Failed to delete story.',
} as const;
