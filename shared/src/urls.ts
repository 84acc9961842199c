/** URL helpers with no dependencies, so the SPA's first load does not pull in the schemas (and zod). */

/** A media path is an object key (`users/...`) or, from older data, already a full URL (`https://…`). */
export function isFullUrl(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
}
