import { answeredMailText, familyMailText as t } from '@storyloom/shared/messages/family-mail';
import { type Email, escapeHtml } from '../../adapters/mailer.ts';
import { linkBase } from '../../lib/link-base.ts';
import { answerPageUrl, oneClickUrl, settingsUrl, unsubscribePageUrl } from './urls.ts';

/**
 * The family-loop emails: plain, large and accessible (one column, 20px text, real headings, a
 * button that is a link with its address written out too) with a matching text part. Every one
 * carries RFC 8058 one-click unsubscribe headers, a visible unsubscribe link and a settings link.
 */

interface Letter {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs before the main part. */
  intro: string[];
  /** The question, large. */
  highlight?: string;
  highlightNote?: string;
  action?: { label: string; url: string };
  /** The text part's words before the action's address (default: the weekly button's). */
  actionLead?: string;
  /** A list of links (the digest's stories). */
  items?: { title: string; note: string; url: string }[];
  footer: string;
  unsubscribeToken: string;
}

function compose(letter: Letter): Email {
  const unsubscribe = unsubscribePageUrl(letter.unsubscribeToken);
  const text = [
    letter.heading,
    ...letter.intro,
    ...(letter.highlight ? [`“${letter.highlight}”`] : []),
    ...(letter.highlightNote ? [letter.highlightNote] : []),
    ...(letter.action ? [`${letter.actionLead ?? t.weeklyTextButton}\n${letter.action.url}`] : []),
    ...(letter.items ?? []).map((item) => `${item.title} (${item.note})\n${item.url}`),
    '--',
    letter.footer,
    `${t.unsubscribeLink}: ${unsubscribe}`,
    `${t.settingsLink}: ${settingsUrl()}`,
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 20px">${escapeHtml(s)}</p>`;
  const link = (label: string, url: string) =>
    `<a href="${escapeHtml(url)}" style="color:#7a3f1f;text-decoration:underline">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2">
<main style="max-width:600px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;font:20px/1.6 Georgia,serif;color:#222">
<h1 style="font-size:26px;line-height:1.3;margin:0 0 20px">${escapeHtml(letter.heading)}</h1>
${letter.intro.map(p).join('\n')}
${letter.highlight ? `<p style="margin:0 0 12px;font-size:26px;line-height:1.4;font-weight:bold">“${escapeHtml(letter.highlight)}”</p>` : ''}
${letter.highlightNote ? p(letter.highlightNote) : ''}
${
  letter.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(letter.action.url)}" style="display:inline-block;background:#7a3f1f;color:#fff;padding:16px 28px;border-radius:8px;text-decoration:none;font:bold 22px/1.2 system-ui,sans-serif">${escapeHtml(letter.action.label)}</a></p>
<p style="margin:0 0 20px;font-size:16px;color:#444">${escapeHtml(letter.actionLead ?? t.weeklyTextButton)}<br>${escapeHtml(letter.action.url)}</p>`
    : ''
}${
  letter.items
    ? `<ul style="padding-left:24px;margin:0 0 20px">${letter.items
        .map(
          (item) =>
            `<li style="margin:0 0 16px">${link(item.title, item.url)}<br><span style="font-size:17px;color:#444">${escapeHtml(item.note)}</span></li>`,
        )
        .join('')}</ul>`
    : ''
}
<hr style="border:0;border-top:1px solid #ddd;margin:28px 0 20px">
<p style="margin:0 0 12px;font-size:16px;color:#444">${escapeHtml(letter.footer)}</p>
<p style="margin:0;font-size:16px">${link(t.unsubscribeLink, unsubscribe)} · ${link(t.settingsLink, settingsUrl())}</p>
</main></body></html>`;
  return {
    to: letter.to,
    subject: letter.subject,
    text,
    html,
    headers: [
      { name: 'List-Unsubscribe', value: `<${oneClickUrl(letter.unsubscribeToken)}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}

export function weeklyPromptEmail(input: {
  to: string;
  username: string;
  question: string;
  askedBy?: string;
  answerToken: string;
  unsubscribeToken: string;
}): Email {
  return compose({
    to: input.to,
    subject: t.weeklySubject,
    heading: t.weeklySubject,
    intro: [t.weeklyIntro(input.username)],
    highlight: input.question,
    highlightNote: input.askedBy ? t.weeklyFamilyAsked(input.askedBy) : undefined,
    action: { label: t.weeklyButton, url: answerPageUrl(input.answerToken) },
    footer: t.weeklyFooter,
    unsubscribeToken: input.unsubscribeToken,
  });
}

export interface DigestStory {
  id: string;
  title: string;
  author: string;
  reason: 'shared' | 'narrated';
}

/** The digest names only stories the recipient may read (checked by the caller just before). */
export function digestEmail(input: { to: string; stories: DigestStory[]; unsubscribeToken: string }): Email {
  const authors = [...new Set(input.stories.map((s) => s.author))];
  const subject =
    authors.length === 1
      ? t.digestSubjectOne(authors[0] ?? '', input.stories.length)
      : t.digestSubjectMany(input.stories.length);
  return compose({
    to: input.to,
    subject,
    heading: subject,
    intro: [t.digestIntro],
    items: input.stories.map((story) => ({
      title: story.title,
      note: story.reason === 'shared' ? t.digestShared(story.author) : t.digestNarrated(story.author),
      url: `${linkBase()}/story/${encodeURIComponent(story.id)}`,
    })),
    footer: t.digestFooter,
    unsubscribeToken: input.unsubscribeToken,
  });
}

/** To whoever asked: the storyteller answered their question with a story now shared with them. */
export function answeredEmail(input: {
  to: string;
  storyteller: string;
  question: string;
  story: { id: string; title: string };
  unsubscribeToken: string;
}): Email {
  const subject = answeredMailText.subject(input.storyteller);
  return compose({
    to: input.to,
    subject,
    heading: subject,
    intro: [answeredMailText.intro(input.storyteller)],
    highlight: input.question,
    highlightNote: input.story.title,
    action: { label: answeredMailText.button, url: `${linkBase()}/story/${encodeURIComponent(input.story.id)}` },
    actionLead: `${answeredMailText.button}:`,
    footer: answeredMailText.footer,
    unsubscribeToken: input.unsubscribeToken,
  });
}
