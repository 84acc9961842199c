/**
 * A lazily imported module (a route's page, a modal) imports chunks of its own, and the browser finds
 * them only once the module has arrived: one more round trip before the page can render. The build
 * lists each lazy module's chunks in index.html (web/build.ts, `lazyChunks`); `preloadChunksOf` asks
 * for them as `modulepreload` links at the moment the module itself is asked for, all in parallel.
 */
const LAZY_CHUNKS_ID = 'lazy-chunks';

let manifest: Record<string, string[]> | undefined;
const requested = new Set<string>();

/** `name`: the lazy module's file name without extension (`SharedStoryRoute`). Unknown names do nothing. */
export function preloadChunksOf(name: string): void {
  manifest ??= readManifest();
  for (const href of manifest[name] ?? []) {
    if (requested.has(href)) continue;
    requested.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

function readManifest(): Record<string, string[]> {
  try {
    const text = document.getElementById(LAZY_CHUNKS_ID)?.textContent;
    return text ? (JSON.parse(text) as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}
