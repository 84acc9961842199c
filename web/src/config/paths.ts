/**
 * Every route of the product (spec section 2), once. The router uses `path`; links and
 * redirects use `getHref()` so a route can move without hunting for string literals.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },

  /** `next`: a same-origin path to return to after logging in (lib/return-to.ts checks it). */
  login: { path: '/login', getHref: (next?: string) => withQuery('/login', { next }) },
  register: { path: '/register', getHref: (next?: string) => withQuery('/register', { next }) },
  verifyEmail: { path: '/verify-email', getHref: (token?: string) => withQuery('/verify-email', { token }) },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: (token?: string) => withQuery('/reset-password', { token }) },

  stories: { path: '/stories', getHref: () => '/stories' },
  sharedStory: {
    path: '/shared/:shareToken',
    /** `interactive` opens the interactive player on arrival (text stories with audio). */
    getHref: (shareToken: string, opts: { interactive?: boolean } = {}) =>
      withQuery(`/shared/${encodeURIComponent(shareToken)}`, { interactive: opts.interactive ? 'true' : undefined }),
  },
  author: { path: '/author/:id', getHref: (id: string) => `/author/${encodeURIComponent(id)}` },
  /** A printed book's QR code (issue #21): public, the book's link token is the credential. */
  listen: {
    path: '/listen/:token/:storyId',
    getHref: (token: string, storyId: string) => `/listen/${encodeURIComponent(token)}/${encodeURIComponent(storyId)}`,
  },

  /** The family-loop email's links (issue 20 B): no login needed to open them. */
  mailAnswer: { path: '/mail/answer', getHref: (token?: string) => withQuery('/mail/answer', { token }) },
  unsubscribe: { path: '/unsubscribe', getHref: (token?: string) => withQuery('/unsubscribe', { token }) },

  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  /**
   * `prompt`: the question the story answers, shown above the form (docs/family-loop.md); `audio`: the
   * recorded or uploaded story (?type=audio).
   */
  createStory: {
    path: '/create-story',
    getHref: (opts: { prompt?: string; audio?: boolean } = {}) =>
      withQuery('/create-story', { type: opts.audio ? 'audio' : undefined, prompt: opts.prompt }),
  },
  editStory: { path: '/edit-story/:id', getHref: (id: string) => `/edit-story/${encodeURIComponent(id)}` },
  story: { path: '/story/:id', getHref: (id: string) => `/story/${encodeURIComponent(id)}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  /** The emailed link of a keepsake build (shared/src/keepsake.ts keepsakeDownloadPath: the server builds it too). */
  keepsakeDownload: {
    path: '/keepsake/:kind/download/:id',
    getHref: (kind: string, id: string) => `/keepsake/${encodeURIComponent(kind)}/download/${encodeURIComponent(id)}`,
  },
  makeBook: { path: '/make-book', getHref: () => '/make-book' },
  admin: { path: '/admin', getHref: () => '/admin' },

  // Prompts and questions from the family (docs/family-loop.md).
  prompts: { path: '/prompts', getHref: () => '/prompts' },
  /** After a family question was answered: the offer to share the new story with whoever asked. */
  promptAnswered: {
    path: '/prompts/answered/:storyId',
    getHref: (storyId: string, promptId: string) =>
      withQuery(`/prompts/answered/${encodeURIComponent(storyId)}`, { prompt: promptId }),
  },
} as const;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
