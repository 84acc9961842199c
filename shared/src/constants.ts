/** Business constants and limits (product spec, section 9). One source for the SPA and the handlers. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
/** Cognito rejects passwords longer than 256 characters. */
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
export const MINIMUM_AGE = 13;

export const RESET_LINK_TTL_SECONDS = 60 * 60;
/** Verification links live longer than reset links: people often open them the next day. */
export const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;
export const DELETE_CODE_LENGTH = 6;
export const DELETE_CODE_TTL_SECONDS = 15 * 60;
export const DELETE_CODE_MAX_ATTEMPTS = 5;

export const REDIRECT_AFTER_AUTH_MS = 3000;
export const REDIRECT_AFTER_STORY_UPDATE_MS = 1500;
export const TOAST_SHELL_MS = 3000;
export const TOAST_DEFAULT_MS = 5000;

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VOICE_SAMPLE_MAX_BYTES = 10 * 1024 * 1024;
export const VOICE_UPLOAD_TIMEOUT_MS = 30_000;

export const PUBLIC_PAGE_SIZE = 10;
export const PUBLIC_PAGE_SIZE_MAX = 50;
export const DASHBOARD_PREVIEW_CHARS = 200;
export const DISCOVERY_SNIPPET_CHARS = 250;
export const AUTHOR_TEXT_PREVIEW_CHARS = 200;
export const AUTHOR_AUDIO_PREVIEW_CHARS = 150;
export const ADMIN_PREVIEW_CHARS = 100;
/** GET /api/admin/stories: the panel lists every story, so a page is generous; next_cursor carries on. */
export const ADMIN_STORIES_PAGE_MAX = 200;
export const INTERACTIVE_TIME_REPORT_MS = 5000;
export const AVATAR_SIZES = [32, 48, 64, 96] as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const SHARE_PERMISSIONS = ['read', 'comment'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
export const STORY_TYPES = ['text', 'audio'] as const;
export type StoryType = (typeof STORY_TYPES)[number];

/** Field caps (not in the spec): generous for memoirs, small enough to keep items under DynamoDB's 400 KB. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
export const STORY_TITLE_MAX = 200;
export const STORY_CONTENT_MAX = 100_000;
export const STORY_LOCATION_MAX = 200;
export const COMMENT_MAX = 2000;
/** Request bodies above this are refused before parsing (API Gateway's own cap is near 6 MB). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/**
 * Lists (dashboard, discovery, author page, admin) carry at most this much of each story's content:
 * a response must stay under Lambda's 6 MB, and a list shows at most 250 characters of a story anyway.
 * `content_truncated` tells the reader to open the story for the rest.
 */
export const LIST_CONTENT_CHARS = 1000;

/** Admin users list: the most users one page may ask for. */
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;
/** Multipart uploads (POST /api/profile/image) above this are refused with 413: use the upload flow. */
export const DIRECT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** Pictures wider or taller than this are refused from their header, before any pixel is read. */
export const IMAGE_MAX_SIDE_PIXELS = 8_000;
/** Audio stories longer than this are refused from their headers (25 MB of 16 kbit/s speech is 3.6 hours). */
export const STORY_AUDIO_MAX_SECONDS = 3 * 60 * 60;
/** Transcripts of audio stories: as long as a story may be (three hours of speech is about 160,000 characters). */
export const TRANSCRIPT_MAX_CHARS = 100_000;
/** Voice samples: the spec recommends 30 seconds to 2 minutes; the app warns gently outside that range. */
export const SAMPLE_RECOMMENDED_MIN_SECONDS = 30;
export const SAMPLE_RECOMMENDED_MAX_SECONDS = 120;
/**
 * The least a sample may be (ours: the spec gives only the recommendation): shorter, it cannot be analysed
 * at all and is refused. Every text that names one number names the other too (docs/voice.md).
 */
export const SAMPLE_MIN_SECONDS = 5;
/** Longer samples are refused before they are decoded (docs/media.md). */
export const SAMPLE_MAX_SECONDS = 5 * 60;
/** Interactive listening: the longest question accepted (a listener's question is a sentence or two). */
export const QUESTION_MAX_CHARS = 500;
/** Interactive listening: questions one session may ask. */
export const QUESTIONS_PER_SESSION = 40;
/** Questions a story keeps for its storyteller ("Your family asked"): the most recent ones, repeats counted once. */
export const ASKED_QUESTIONS_KEPT = 50;
/** Interactive listening, spec section 9: the player reports its position at most once per 5 seconds. */
export const TIME_REPORT_SECONDS = 5;
/** Interactive listening, spec section 4 timings, in milliseconds. */
export const interactiveTimings = {
  answerAudioDelay: 500,
  resumeWithoutAudio: 3000,
  resumeAfterError: 1000,
  resumeAfterAnswer: 500,
} as const;

/**
 * POST /api/storage/secure-urls takes at most this many paths: a page of 20 avatars and 10 players
 * (and the navbar's picture) in one call, with room for a longer list (docs/infrastructure.md).
 */
export const SECURE_URLS_MAX_PATHS = 50;
