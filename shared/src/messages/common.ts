/**
 * Texts the SPA's shell shows (session refresh, secure media links), so every page loads them.
 * Keep this file to those: whatever the shell imports from a messages file lands in the initial
 * JavaScript with the rest of that file (docs/web.md, "Initial JavaScript").
 */
export const commonFallback = {
  loadProfile: 'Failed to load profile data',
  secureAudio: 'Unable to load audio',
  /** An API call whose caller gave no fallback of its own (screens pass the spec's texts). */
  request: 'Something went wrong. Please try again.',
} as const;

/** The shell's own controls (every page shows them). */
export const shellText = {
  dismissToast: 'Dismiss notification',
} as const;
