import type { ServerResponse } from 'node:http';
import { sendNowForms } from './family-mail.ts';
import type { SentEmail } from './services.ts';

/** `/_local/mailbox.json`: every email the app sent, newest first. Local mode only. */
export function sendMailboxJson(res: ServerResponse, mails: SentEmail[]) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(mails));
}

/**
 * `/_local/mailbox`: a readable page of the same mail, so a local user can click verification links.
 * Links in a mail open in this tab (`<base target="_top">`; the sandbox lets a click navigate the top).
 */
export function sendMailboxPage(res: ServerResponse, mails: SentEmail[], url = '/') {
  const note = new URL(url, 'http://local').searchParams.get('note');
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const items = mails
    .map(
      (m) => `<article>
  <h2>${esc(m.subject)}</h2>
  <p class="meta">To ${esc(m.to.join(', '))} · from ${esc(m.from)} · <time datetime="${esc(m.sentAt)}">${esc(new Date(m.sentAt).toLocaleString('en-US'))}</time></p>
  <iframe title="${esc(m.subject)}" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${esc(`<base target="_top">${m.html || `<pre>${esc(m.text)}</pre>`}`)}"></iframe>
</article>`,
    )
    .join('\n');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Storyloom</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.2rem}
.meta{color:#555;margin:.25rem 0 .75rem}iframe{width:100%;min-height:14rem;border:1px solid #eee;background:#fff}</style></head>
<body><h1>Local mailbox</h1><p>Every email Storyloom sent in local mode, newest first. ${mails.length} in all. <a href="/">Back to the app</a></p>
${sendNowForms(note, esc)}
${items || '<p>No email has been sent yet.</p>'}
</body></html>`);
}
