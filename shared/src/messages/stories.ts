import {
  ADMIN_STORIES_PAGE_MAX,
  COMMENT_MAX,
  PUBLIC_PAGE_SIZE_MAX,
  STORY_CONTENT_MAX,
  STORY_LOCATION_MAX,
  STORY_TITLE_MAX,
} from '../constants.ts';
import { formatCount } from './numbers.ts';
import { storyReadingText } from './reading.ts';

/** Stories, sharing, discovery and comments: the spec's texts word for word, then the ones it leaves open. */
export const storyValidation = {
  storyTitleCreate: 'Please provide a title for your story',
  storyContentCreate: 'Please write your story content',
  storyTitleEdit: 'Story title is required',
  storyContentEdit: 'Story content is required for text stories',
  shareUsername: 'Please enter a username',
} as const;

export const storyFallback = {
  createStory: 'Failed to create story. Please try again.',
  loadStories: 'Failed to load stories',
  loadPublicStories: 'Failed to load public stories',
  loadStory: storyReadingText.loadStory,
  sharedNotFound: storyReadingText.sharedNotFound,
  loadAuthor: 'Failed to load author profile',
  updateStory: 'Failed to update story',
  deleteStory: 'Failed to delete story',
  updatePrivacy: 'Failed to update privacy settings',
  shareStory: 'Failed to share story',
  generateLink: 'Failed to generate share link',
  revokeLink: 'Failed to revoke share link',
  removeShare: 'Failed to remove share',
  editLoad: 'Failed to load story. You may not have permission to edit this story.',
} as const;

export const storySuccess = {
  storyDeleted: 'Story deleted successfully',
  storyUpdated: 'Story updated successfully!',
  storyCreated: 'Text story created successfully!',
  privacyUpdated: 'Privacy settings updated successfully!',
  storyShared: (username: string) => `Story shared with ${username} successfully!`,
  linkGenerated: 'Share link generated successfully!',
  linkRevoked: 'Share link revoked successfully!',
  shareRemoved: 'Share removed successfully!',
  linkCopied: 'Link copied to clipboard!',
  shareLinkCopied: 'Share link copied to clipboard!',
} as const;

/** Story texts of the server that the spec leaves open (payload rules, lookups, quotas). */
export const storyMessages = {
  titleMax: `Title must be at most ${formatCount(STORY_TITLE_MAX)} characters`,
  contentMax: `Story content must be at most ${formatCount(STORY_CONTENT_MAX)} characters`,
  locationMax: `Location must be at most ${formatCount(STORY_LOCATION_MAX)} characters`,
  date: 'Dates must be valid calendar dates',
  dateOrder: 'The end date cannot be before the start date',
  permission: 'Permission must be read or comment',
  commentRequired: 'Please write a comment',
  commentMax: `Comments must be at most ${formatCount(COMMENT_MAX)} characters`,
  page: 'Page must be a whole number of at least 1',
  limit: `Limit must be a whole number from 1 to ${formatCount(PUBLIC_PAGE_SIZE_MAX)}`,
  adminLimit: `Limit must be a whole number from 1 to ${formatCount(ADMIN_STORIES_PAGE_MAX)}`,
  cursor: 'Invalid page cursor',
  storyId: 'Invalid story id',
  commentId: 'Invalid comment id',
  shareId: 'Invalid share id',
  notFound: 'Story not found',
  authorNotFound: 'Author not found',
  userNotFound: 'User not found',
  shareSelf: 'You cannot share a story with yourself',
  shareNotFound: 'Share not found',
  commentNotFound: 'Comment not found',
  commentsOff: 'Comments are turned off for this story',
  commentAdded: 'Comment added',
  commentDeleted: storyReadingText.commentDeleted,
  version: 'version must be a whole number of at least 1',
  versionConflict: 'This story was changed in another tab or device. Review both versions and save again.',
  storyQuota: 'You have added a lot of stories in a short time. Please wait an hour and try again.',
  commentQuota: 'This story has received a lot of comments in a short time. Please try again later.',
  commentsFull: 'This story has reached the most comments it can hold.',
  shareQuota: 'You have shared a lot of stories in a short time. Please wait an hour and try again.',
  recipientQuota: 'You have shared many stories with this person today. Please try again tomorrow.',
  sharedNotFound: 'This story is not shared with you',
  leftShare: 'The story was removed from your list.',
  /** A share username longer than any username can be. */
  noSuchUser: 'No user with that username',
  /** The `limit` of a paged list whose most is `max`. */
  listLimit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
} as const;

/** Failure texts of story screens the spec does not show (the success texts are the server's `message`). */
export const storyScreenText = {
  /** "Remove from my list" on the dashboard. */
  leaveShareFailed: 'Failed to remove the story from your list',
} as const;

/**
 * The story screens' confirmations and the buttons that open them. A text around a name takes the name
 * as it is shown (the SPA passes the bold element; give it a `key`) and returns the parts in order.
 */
export const storyConfirmText = {
  /** The owner's "Delete Story" (story page). The title in quotes and not followed by "?": an answered question's title ends in one already. */
  deleteStory: {
    open: 'Delete Story',
    title: 'Delete Story?',
    confirm: 'Delete Story',
    busy: 'Deleting…',
    keep: 'Keep Story',
    body: <T>(title: T) =>
      [
        '“',
        title,
        '” will be deleted for good, with its comments, shares and share link. This cannot be undone.',
      ] as const,
  },
  /** The privacy modal's share link. */
  revokeLink: {
    open: 'Revoke Link',
    busy: 'Revoking…',
    title: 'Revoke the Share Link?',
    confirm: 'Revoke Link',
    keep: 'Keep Link',
    body: <T>(title: T) =>
      [
        'The link stops working at once: anyone who has it can no longer read “',
        title,
        '”. You can make a new link later, but it will be a different one.',
      ] as const,
  },
  /** A person in the privacy modal's "Shared with" list. */
  removeShare: {
    open: 'Remove',
    busy: 'Removing…',
    openLabel: (username: string) => `Remove ${username}`,
    title: 'Remove This Share?',
    confirm: 'Remove Share',
    keep: 'Keep Sharing',
    body: <U, T>(username: U, title: T) =>
      [username, ' will no longer be able to read “', title, '”, starting now.'] as const,
  },
  /** A story shared with the user, on the dashboard. */
  leaveShare: {
    open: 'Remove from my list',
    openLabel: (title: string) => `Remove ${title} from my list`,
    title: 'Remove from Your List?',
    confirm: 'Remove from My List',
    keep: 'Keep It',
    body: <T>(title: T, author: string) =>
      [
        title,
        ` will no longer be on your dashboard, and you will no longer be able to open it. ${author} can share it with you again.`,
      ] as const,
  },
} as const;

/** The privacy modal's frame, and its question when it is closed with a choice not saved. */
export const storyPrivacyText = {
  modalTitle: 'Privacy & Sharing',
  done: 'Done',
  public: 'Public',
  private: 'Private',
  unsavedTitle: 'Save Your Privacy Choice?',
  /** The chosen and the saved setting, each shown in bold (pass them with a `key`). */
  unsavedBody: <C, S>(chosen: C, saved: S) =>
    ['You chose ', chosen, ', but this story is still ', saved, '. Save your choice before closing?'] as const,
  saving: 'Saving…',
  saveAs: (word: string) => `Save as ${word}`,
  keepAs: (word: string) => `Keep It ${word}`,
  // The privacy choice
  question: 'Who can read this story?',
  privateHint: 'Only you, and the people you share it with below.',
  publicHint: 'Anyone can find and read it on the Stories page.',
  /** The saved setting, shown in bold (pass it with a `key`). */
  now: <W>(word: W) => ['Right now this story is ', word, '.'] as const,
  notSaved: (word: string) => ` Your choice (${word}) is not saved yet.`,
  save: 'Save Privacy Settings',
} as const;

/** The privacy modal's share link and sharing by username (the confirmations are in `storyConfirmText`). */
export const storyShareText = {
  linkTitle: 'Share Link',
  linkIntro: 'Anyone with the link can read this story, even without an account. Revoke it to stop the link working.',
  linkLabel: 'Link to this story',
  copy: 'Copy',
  copyByHand: 'The link is selected. Press Ctrl+C (or Command+C on a Mac) to copy it.',
  generate: 'Generate Share Link',
  generating: 'Generating…',
  peopleTitle: 'Share with Family',
  peopleIntro: 'Share with someone who has a Storyloom account, by their username.',
  username: 'Username',
  permission: 'Permission',
  permissionLabel: { read: 'Read', comment: 'Comment' },
  /** Read after a person's name in the list, for screen readers. */
  permissionHint: { read: 'can read', comment: 'can read and comment' },
  permissionsHint: 'Read: they can read the story. Comment: they can read it and leave comments.',
  share: 'Share Story',
  sharing: 'Sharing…',
  listTitle: 'Shared with',
  nobody: 'Nobody yet.',
} as const;

/** Above a story form with unsaved writing from an earlier visit (issue 11). */
export const storyDraftText = {
  title: 'Restore your draft?',
  body: (savedAt: string) => `You have writing on this page that was not saved, from ${savedAt}.`,
  restore: 'Restore Draft',
  discard: 'Discard Draft',
} as const;

/** A save based on an older version: both versions side by side (issue 11). */
export const storyConflictText = {
  title: 'Two versions of this story',
  mine: 'Your version (not saved)',
  saved: 'Saved in another tab or device',
  saving: 'Saving…',
  keepMine: 'Save My Version',
  useSaved: 'Use the Saved Version',
} as const;

/** The owner's panels beside a story (privacy summary, management). */
export const ownerPanelText = {
  label: 'Story settings',
  privacyTitle: 'Privacy & Sharing',
  isPublic: 'This story is public: anyone can read it on the Stories page.',
  isPrivate: 'This story is private: only you and the people you share it with can read it.',
  notShared: 'Not shared with anyone yet.',
  sharedWith: (count: number) => `Shared with ${count} ${count === 1 ? 'person' : 'people'}.`,
  linkActive: ' A share link is active.',
  managePrivacy: 'Manage Privacy & Sharing',
  manageTitle: 'Management',
  edit: 'Edit Story',
} as const;

/** The story form's labels and hints (writing, editing, and a recording's description). */
export const storyFormText = {
  title: 'Title',
  titleHint: 'A few words that name the memory, like “The summer at the lake”.',
  content: 'Your story',
  contentHint: 'Write as much as you like. Start a new line for a new paragraph.',
  description: 'Description (optional)',
  descriptionHint: 'A few lines about the recording, for readers who cannot listen.',
  location: 'Location (optional)',
  locationHint: 'Where it happened: a town, a house, a country.',
  when: 'When did it happen? (optional)',
  whenHint: 'Give a start date, an end date, or both. For a single day, give only the start.',
  startDate: 'Start date',
  endDate: 'End date',
  cancel: 'Cancel',
} as const;
