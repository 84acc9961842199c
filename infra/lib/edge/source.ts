import { readFileSync } from 'node:fs';
import { serverText } from '@storyloom/shared/messages';

/**
 * The CloudFront Functions (plain ES5 scripts, no imports at the edge) get their texts from the shared
 * messages at synth: each script holds placeholders ('__BAD_ADDRESS_PAGE__', '__BAD_ADDRESS_JSON__') that
 * are replaced by string literals here. Local mode answers with the same page and body (infra/local/stack.ts).
 */
export type EdgeFunctionName = 'spa-rewrite' | 'strip-backend-prefix';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The app's page for an address with a broken %-escape (400): plain HTML, no script or style (the CSP allows neither inline). */
export function badAddressPage(): string {
  const t = serverText.badAddressPage;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(t.title)} · Storyloom</title></head>`,
    `<body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.body)}</p>`,
    `<p><a href="/">${escapeHtml(t.home)}</a></p></main></body></html>`,
  ].join('\n');
}

/** The API's answer to the same (400): the usual `{error}`. */
export function badAddressJson(): string {
  return JSON.stringify({ error: serverText.malformedPath });
}

/** A CloudFront Function's code as deployed: the script with its placeholders filled in. */
export function edgeSource(name: EdgeFunctionName): string {
  const script = readFileSync(new URL(`./${name}.js`, import.meta.url), 'utf8');
  return script
    .replace("'__BAD_ADDRESS_PAGE__'", () => JSON.stringify(badAddressPage()))
    .replace("'__BAD_ADDRESS_JSON__'", () => JSON.stringify(badAddressJson()));
}

/** True when every %-escape of the path decodes (UTF-8 included); the edge functions apply the same test. */
export function isWellFormedPath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
