/**
 * Every key of the single table is built here, never by hand in handlers or services. Each function
 * names the access pattern it serves.
 */
const lower = (s: string) => s.trim().toLowerCase();

/** What an emailed token is for: verifying the email address, or resetting the password. */
export type EmailTokenPurpose = 'VERIFY' | 'RESET';

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

  // ---- Accounts (docs/accounts.md) ----
  /** Admin users only (sparse gsi2): "is this the last admin?" without reading every user. */
  adminsIndex: (userId: string) => ({ gsi2pk: 'ADMINS', gsi2sk: userId }),
  adminsPartition: () => 'ADMINS',
  /** How many admins there are: demotions and deletions take one only while more than one is left. */
  adminCounter: () => ({ pk: 'COUNTER#ADMINS', sk: 'COUNTER' }),
  /**
   * An emailed link's token, by the SHA-256 hash of the token (the token itself is never stored).
   * Each token item is also listed under its user (gsi1), so deleting an account finds them all.
   */
  emailToken: (purpose: EmailTokenPurpose, tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: purpose }),
  userTokensIndex: (userId: string, purpose: EmailTokenPurpose, tokenHash: string) => ({
    gsi1pk: `TOKENS#${userId}`,
    gsi1sk: `${purpose}#${tokenHash}`,
  }),
  userTokensPartition: (userId: string) => `TOKENS#${userId}`,
  /** The pending account-deletion code of a user (one at a time). */
  deleteCode: (userId: string) => ({ pk: `USER#${userId}`, sk: 'DELETE_CODE' }),
  /** Every item in a user's own partition (the profile, the deletion code, what other features keep there). */
  userPartition: (userId: string) => `USER#${userId}`,
  // ---- end Accounts ----

  /** Fixed-window counters for rate limits, expiring with the window. */
  rateCounter: (scope: string, subject: string, windowStart: number) => ({
    pk: `RATE#${scope}#${subject}`,
    sk: String(windowStart),
  }),

  // ---- Interactive (docs/interactive.md) ----
  /** A listening session by its id (the id is the listener's credential; the item expires with `ttl`). */
  interactiveSession: (sessionId: string) => ({ pk: `ISESSION#${sessionId}`, sk: 'SESSION' }),
  /** Sessions of a story (gsi1 on the session item): ended with the story when it is deleted. */
  sessionsOfStoryIndex: (storyId: string, sessionId: string) => ({
    gsi1pk: `ISESSIONS#${storyId}`,
    gsi1sk: sessionId,
  }),
  sessionsOfStoryPartition: (storyId: string) => `ISESSIONS#${storyId}`,
  /**
   * Sessions of a signed-in listener (owner or reader; gsi2, sparse): a reader's sessions sit on other
   * people's stories and name the user, so the account's deletion finds them here.
   */
  sessionsOfUserIndex: (userId: string, sessionId: string) => ({
    gsi2pk: `ISESSIONS_BY#${userId}`,
    gsi2sk: sessionId,
  }),
  sessionsOfUserPartition: (userId: string) => `ISESSIONS_BY#${userId}`,
  /** A cached answer: same story text heard, same question, same engine (expires with `ttl`). */
  interactiveAnswer: (storyId: string, cacheKey: string) => ({ pk: `IANSWER#${storyId}`, sk: cacheKey }),
  /** A question listeners asked that the story did not answer, in the story's partition (goes with it). */
  askedQuestion: (storyId: string, questionHash: string) => ({ pk: `STORY#${storyId}`, sk: `ASKED#${questionHash}` }),
  askedQuestionPrefix: () => 'ASKED#',
  // ---- end Interactive ----

  // ---- Book listening links (docs/keepsake.md, "A printed book") ----
  /** A book's listening link by the SHA-256 of its token (the token itself is printed, never stored). */
  bookLink: (tokenHash: string) => ({ pk: `BOOKLINK#${tokenHash}`, sk: 'BOOKLINK' }),
  /** A user's book links by book id (gsi1 on the link item): the owner's page and account deletion find them. */
  bookLinksOfUserIndex: (ownerId: string, bookId: string) => ({ gsi1pk: `BOOKLINKS#${ownerId}`, gsi1sk: bookId }),
  bookLinksOfUserPartition: (ownerId: string) => `BOOKLINKS#${ownerId}`,
  // ---- end Book listening links ----

  // ---- Stories (docs/stories.md) ----
  /** Story by id. Its shares and comments live in the same partition: one Query reads the whole story view. */
  story: (storyId: string) => ({ pk: `STORY#${storyId}`, sk: 'STORY' }),
  storyPartition: (storyId: string) => `STORY#${storyId}`,
  /** Stories by author, newest first (gsi1). */
  storiesByAuthorIndex: (authorId: string, createdAt: string, storyId: string) => ({
    gsi1pk: `AUTHOR#${authorId}`,
    gsi1sk: `${createdAt}#${storyId}`,
  }),
  storiesByAuthorPartition: (authorId: string) => `AUTHOR#${authorId}`,
  /** Public stories, newest first (gsi2, sparse: only public stories carry these attributes). */
  publicStoriesIndex: (createdAt: string, storyId: string) => ({
    gsi2pk: 'PUBLIC_STORIES',
    gsi2sk: `${createdAt}#${storyId}`,
  }),
  publicStoriesPartition: () => 'PUBLIC_STORIES',
  /**
   * An author's public stories, newest first (gsi4, sparse like gsi2): the author page reads only public
   * stories, however many private ones the author keeps.
   */
  publicByAuthorIndex: (authorId: string, createdAt: string, storyId: string) => ({
    gsi4pk: `PUBLIC_BY#${authorId}`,
    gsi4sk: `${createdAt}#${storyId}`,
  }),
  publicByAuthorPartition: (authorId: string) => `PUBLIC_BY#${authorId}`,
  /** The page anchors of the public list (data/public-pages.ts): its root, and its leaves by id. */
  publicPagesRoot: () => ({ pk: 'PUBLIC_PAGES', sk: 'ROOT' }),
  publicPagesLeaf: (leafId: string) => ({ pk: 'PUBLIC_PAGES', sk: `LEAF#${leafId}` }),
  /** How many stories are public, kept with atomic ADDs on every public/private transition. */
  publicStoryCounter: () => ({ pk: 'COUNTER#PUBLIC_STORIES', sk: 'COUNTER' }),
  /** Every story for the admin panel, newest first (gsi3). */
  allStoriesIndex: (createdAt: string, storyId: string) => ({ gsi3pk: 'STORIES', gsi3sk: `${createdAt}#${storyId}` }),
  allStoriesPartition: () => 'STORIES',
  /** Story by share-link token. */
  shareLink: (token: string) => ({ pk: `SHARELINK#${token}`, sk: 'SHARELINK' }),
  /** A story shared with one user: one item per (story, user), so sharing twice updates the permission. */
  storyShare: (storyId: string, userId: string) => ({ pk: `STORY#${storyId}`, sk: `SHARE#${userId}` }),
  storySharePrefix: () => 'SHARE#',
  /** Stories shared with a user, newest share first (gsi1 on the share item). */
  sharedWithIndex: (userId: string, sharedAt: string, storyId: string) => ({
    gsi1pk: `SHARED_WITH#${userId}`,
    gsi1sk: `${sharedAt}#${storyId}`,
  }),
  sharedWithPartition: (userId: string) => `SHARED_WITH#${userId}`,
  /** A comment on a story; comment ids sort by time, so the partition lists them oldest first. */
  storyComment: (storyId: string, commentId: string) => ({ pk: `STORY#${storyId}`, sk: `COMMENT#${commentId}` }),
  storyCommentPrefix: () => 'COMMENT#',
  /** Comments written by a user, on any story (gsi1): found and removed when the account goes. */
  commentsByUserIndex: (userId: string, commentId: string) => ({
    gsi1pk: `COMMENTS_BY#${userId}`,
    gsi1sk: commentId,
  }),
  commentsByUserPartition: (userId: string) => `COMMENTS_BY#${userId}`,
  /**
   * Media objects of a story in the media bucket (audio, narration, answers), removed with the story:
   * under the owner's prefix, so account deletion reaches them too (docs/media.md).
   */
  storyMediaPrefix: (ownerId: string, storyId: string) => `users/${ownerId}/stories/${storyId}/`,
  /** A photo of a story (data/story-photos.ts), in the story's partition: it goes with the story. */
  storyPhoto: (storyId: string, photoId: string) => ({ pk: `STORY#${storyId}`, sk: `PHOTO#${photoId}` }),
  storyPhotoPrefix: () => 'PHOTO#',
  // ---- end Stories ----

  // ---- Transcripts (docs/stories.md, "Transcripts") ----
  /** An audio story's transcript and its transcription job, in the story's partition (goes with it). */
  transcript: (storyId: string) => ({ pk: `STORY#${storyId}`, sk: 'TRANSCRIPT' }),
  // ---- end Transcripts ----

  // ---- Voice (docs/voice.md) ----
  /** A user's voice profile: sample, voice id, consent, clone status (one per user). */
  voiceProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'VOICE' }),
  /** A story's narration record (status, progress, text version); in the story's partition, so it goes with the story. */
  narration: (storyId: string) => ({ pk: `STORY#${storyId}`, sk: 'NARRATION' }),
  /** Narrations made with a user's voice, for deleting them with the voice (gsi1 on the narration item). */
  narrationsByVoiceOwnerIndex: (userId: string, storyId: string) => ({
    gsi1pk: `NARRATED_WITH#${userId}`,
    gsi1sk: storyId,
  }),
  narrationsByVoiceOwnerPartition: (userId: string) => `NARRATED_WITH#${userId}`,
  /**
   * Voice profiles whose voice lives at the provider now, least recently used first (gsi1 on the profile,
   * sparse; as many items as the account has slots): which clone to evict when the slots are full.
   */
  providerVoicesIndex: (lastUsedAt: string, userId: string) => ({
    gsi1pk: 'PROVIDER_VOICES',
    gsi1sk: `${lastUsedAt}#${userId}`,
  }),
  providerVoicesPartition: () => 'PROVIDER_VOICES',
  // ---- end Voice ----

  // ---- Prompts (docs/family-loop.md) ----
  /**
   * A storyteller's prompt state, all in their own partition under `PROMPT#` (one Query reads it all, and it
   * goes with the account): answered prompts (→ story), hidden prompts, own questions, family questions.
   */
  promptAnswered: (userId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#ANSWERED#${promptId}` }),
  /** Every story that answers a prompt, one item each: the mark moves to another when the one it names goes. */
  promptAnswer: (userId: string, promptId: string, storyId: string) => ({
    pk: `USER#${userId}`,
    sk: `PROMPT#ANSWERS#${promptId}#${storyId}`,
  }),
  promptHidden: (userId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#HIDDEN#${promptId}` }),
  ownQuestion: (userId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#OWN#${promptId}` }),
  /** A question someone sent the storyteller; its id sorts by time, so the prefix lists them oldest first. */
  familyQuestion: (userId: string, promptId: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#FAMILY#${promptId}` }),
  promptPrefix: () => 'PROMPT#',
  promptAnsweredPrefix: () => 'PROMPT#ANSWERED#',
  promptAnswersPrefix: () => 'PROMPT#ANSWERS#',
  ownQuestionPrefix: () => 'PROMPT#OWN#',
  /** Questions a user sent to storytellers (gsi1 on the family question): removed when the asker's account goes. */
  questionsByAskerIndex: (askerId: string, promptId: string) => ({
    gsi1pk: `QUESTIONS_BY#${askerId}`,
    gsi1sk: promptId,
  }),
  questionsByAskerPartition: (askerId: string) => `QUESTIONS_BY#${askerId}`,
  // ---- end Prompts ----

  // ---- Family-loop email (docs/family-loop.md, "Family-loop email") ----
  /** A user's family-mail settings (weekly day, digest opt-out), in the user's partition (goes with the account). */
  familyMailSettings: (userId: string) => ({ pk: `USER#${userId}`, sk: 'FAMILYMAIL#SETTINGS' }),
  /** Users who chose a weekday for the weekly question (gsi2 on the settings item, sparse). */
  weeklyDayIndex: (weekday: number, userId: string) => ({ gsi2pk: `FAMILYMAIL_DAY#${weekday}`, gsi2sk: userId }),
  weeklyDayPartition: (weekday: number) => `FAMILYMAIL_DAY#${weekday}`,
  /** "The weekly question of this ISO week was sent": a conditional put before sending makes it once per week. */
  weeklySent: (userId: string, isoWeek: string) => ({ pk: `USER#${userId}`, sk: `FAMILYMAIL#WEEK#${isoWeek}` }),
  /** One story waiting for a recipient's digest (one item per story, so two events on it are one line). */
  digestEntry: (recipientId: string, storyId: string) => ({
    pk: `USER#${recipientId}`,
    sk: `FAMILYMAIL#DIGEST#${storyId}`,
  }),
  digestEntryPrefix: () => 'FAMILYMAIL#DIGEST#',
  /** Pending digest entries by the day they were queued (gsi2 on the entry): the daily run finds recipients here. */
  pendingDigestIndex: (day: string, recipientId: string, storyId: string) => ({
    gsi2pk: 'FAMILYMAIL_PENDING',
    gsi2sk: `${day}#${recipientId}#${storyId}`,
  }),
  pendingDigestPartition: () => 'FAMILYMAIL_PENDING',
  /** "This recipient's digest of this day was sent": at most one digest a day. */
  digestSent: (recipientId: string, day: string) => ({ pk: `USER#${recipientId}`, sk: `FAMILYMAIL#SENT#${day}` }),
  /** "The asker was told this story answers their question": once per (asker, story). */
  answeredSent: (askerId: string, storyId: string) => ({ pk: `USER#${askerId}`, sk: `FAMILYMAIL#ANSWERED#${storyId}` }),
  /** Every family-mail item in a user's partition (deletion). */
  familyMailPrefix: () => 'FAMILYMAIL#',
  /** An address SES reported as hard-bounced or complaining: no mail goes to it (adapters/mailer.ts). */
  suppressedAddress: (email: string) => ({ pk: `SUPPRESSED#${lower(email)}`, sk: 'SUPPRESSED' }),
  // ---- end Family-loop email ----
  // ---- Keepsake (docs/keepsake.md) ----
  /**
   * A keepsake build (zip of everything, book) in its owner's partition, so it goes with the account;
   * build ids sort by start time, so the newest of a kind is the last under its prefix.
   */
  keepsakeBuild: (userId: string, kind: string, buildId: string) => ({
    pk: `USER#${userId}`,
    sk: `KEEPSAKE#${kind}#${buildId}`,
  }),
  keepsakeBuildPrefix: (kind: string) => `KEEPSAKE#${kind}#`,
  // ---- end Keepsake ----
} as const;
