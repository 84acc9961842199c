import { exportText } from '@storyloom/shared/messages/keepsake';
import type { ExportModel, ExportStory } from './collect.ts';
import { datesOf, privacyOf } from './files.ts';

/**
 * The zip's `index.html` (docs/keepsake.md, "The offline page"): one page that any browser opens from
 * disk (file://) and that shows and plays everything without Storyloom — no script, no external font or
 * stylesheet, every file by a relative path (<audio src="stories/…">). Yielded in pieces, one story at
 * a time, so it is streamed into the zip like the media.
 */
const t = exportText.offline;

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A relative URL of a file in the zip: each path segment percent-encoded. */
const href = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const STYLE = `
:root{color-scheme:light;--ink:#2b2b2b;--muted:#5f5a54;--accent:#8a4b2a;--paper:#faf7f2}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:18px/1.6 Georgia,'Times New Roman',serif}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 .25rem}
h2{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
h3{font:600 1rem/1.4 system-ui,sans-serif;margin:1.5rem 0 .5rem;color:var(--muted)}
a{color:var(--accent)}
.note{color:var(--muted);font-size:.95rem}
nav ol{padding-left:1.5rem}
article{background:#fff;border-radius:8px;padding:1.5rem;margin:2rem 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem;font:15px/1.5 system-ui,sans-serif}
dt{color:var(--muted)}dd{margin:0}
audio{width:100%;margin:.25rem 0 .75rem}
figure{margin:1rem 0}figure img{max-width:100%;height:auto;border-radius:4px}
figcaption{font-size:.95rem;color:var(--muted)}
.comments li{margin-bottom:.75rem}
`;

function storySection(s: ExportStory, folder: string, n: number): string {
  const { story } = s;
  const dates = datesOf(s);
  const parts = [`<article id="story-${n}" class="story">`, `<h2>${esc(story.title)}</h2>`, '<dl>'];
  if (dates) parts.push(`<dt>${esc(t.when)}</dt><dd>${esc(dates)}</dd>`);
  if (story.location) parts.push(`<dt>${esc(t.where)}</dt><dd>${esc(story.location)}</dd>`);
  parts.push(`<dt>${esc(t.privacy)}</dt><dd>${esc(privacyOf(s))}</dd>`, '</dl>');
  for (const m of s.media) {
    const src = href(`${folder}/${m.name}`);
    if (m.role === 'recording' || m.role === 'narration') {
      const label = m.role === 'recording' ? t.recording : `${t.narration}${m.voiceName ? ` (${m.voiceName})` : ''}`;
      parts.push(`<h3>${esc(label)}</h3>`, `<audio controls preload="metadata" src="${src}"></audio>`);
    }
  }
  const photos = s.media.filter((m) => m.role === 'photo');
  if (photos.length > 0) {
    parts.push(`<h3>${esc(t.photos)}</h3>`);
    for (const p of photos) {
      parts.push(
        `<figure><img src="${href(`${folder}/${p.name}`)}" alt="${esc(p.alt ?? p.caption ?? '')}" loading="lazy">${
          p.caption ? `<figcaption>${esc(p.caption)}</figcaption>` : ''
        }</figure>`,
      );
    }
  }
  if (story.content.trim()) parts.push(`<div class="text">${paragraphs(story.content)}</div>`);
  if (s.transcript)
    parts.push(`<h3>${esc(t.transcript)}</h3>`, `<div class="transcript">${paragraphs(s.transcript.text)}</div>`);
  if (s.comments.length > 0) {
    parts.push(`<h3>${esc(t.comments)}</h3>`, '<ul class="comments">');
    for (const c of s.comments)
      parts.push(
        `<li><strong>${esc(c.authorUsername)}</strong> <span class="note">${esc(c.createdAt.slice(0, 10))}</span><br>${esc(c.text)}</li>`,
      );
    parts.push('</ul>');
  }
  parts.push('</article>');
  return parts.join('\n');
}

/** The page in pieces: the head and contents, then one piece per story. `folders[i]` is story i's folder. */
export function* offlinePage(model: ExportModel, folders: readonly string[], madeOn: string): Generator<string> {
  const title = t.title(model.user.username);
  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${esc(title)}</h1>
<p class="note">${esc(t.madeOn(madeOn))}</p>
`;
  if (model.stories.length === 0) {
    yield `<p>${esc(t.none)}</p>\n</main></body></html>\n`;
    return;
  }
  yield `<nav aria-label="${esc(t.contents)}"><h2>${esc(t.contents)}</h2><ol>\n${model.stories
    .map((s, i) => {
      const dates = datesOf(s);
      return `<li><a href="#story-${i + 1}">${esc(s.story.title)}</a>${dates ? ` <span class="note">${esc(dates)}</span>` : ''}</li>`;
    })
    .join('\n')}\n</ol></nav>\n`;
  for (const [i, s] of model.stories.entries()) yield `${storySection(s, folders[i] ?? '', i + 1)}\n`;
  yield '</main></body></html>\n';
}
