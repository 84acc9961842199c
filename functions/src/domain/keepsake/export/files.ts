import { exportText } from '@storyloom/shared/messages/keepsake';
import type { UserRecord } from '../../../data/users.ts';
import type { ExportStory } from './collect.ts';

/**
 * The zip's text files (docs/keepsake.md, "Format"): each story as Markdown and JSON in its own folder,
 * and the profile. Pure functions of the collected records, so they are tested without the stand-ins.
 */

/** A file name part from a title: ASCII letters and digits, dashes, at most 40 characters. */
export function slug(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return ascii || 'story';
}

/** The folder of the n-th story (1-based, date order): `stories/001-the-bee-summer`. */
export const storyFolder = (n: number, title: string) => `stories/${String(n).padStart(3, '0')}-${slug(title)}`;

/** Who can read a story, in words (the Markdown and the page). */
export function privacyOf(s: ExportStory): string {
  const parts = [s.story.isPublic ? 'Public: anyone can read it' : 'Private'];
  if (s.shares.length > 0)
    parts.push(`shared with ${s.shares.map((share) => `${share.username} (${share.permission})`).join(', ')}`);
  if (s.story.shareToken) parts.push('anyone with its share link');
  if (s.story.allowComments) parts.push('comments allowed');
  return parts.join('; ');
}

/** The story's dates in words: `1952-06-01 – 1952-08-31`, one date, or none. */
export function datesOf(s: ExportStory): string | undefined {
  const { startDate, endDate } = s.story;
  if (startDate && endDate && endDate !== startDate) return `${startDate} – ${endDate}`;
  return startDate ?? endDate;
}

/** The story's JSON: its fields as the app keeps them, its comments and shares, and its files by role. */
export function storyJson(s: ExportStory): string {
  const { story } = s;
  return JSON.stringify(
    {
      id: story.id,
      title: story.title,
      type: story.storyType,
      content: story.content,
      location: story.location ?? null,
      start_date: story.startDate ?? null,
      end_date: story.endDate ?? null,
      created_at: story.createdAt,
      updated_at: story.updatedAt,
      is_public: story.isPublic,
      allow_comments: story.allowComments,
      has_share_link: Boolean(story.shareToken),
      shared_with: s.shares.map((share) => ({ username: share.username, permission: share.permission })),
      narration_voice: story.narrationVoiceName ?? null,
      answers_questions: (s.answers ?? []).map((q) => ({ asked_by: q.askerName, question: q.text })),
      transcript: s.transcript
        ? { file: 'transcript.txt', text: s.transcript.text, machine_made: s.transcript.machineMade }
        : null,
      files: s.media.map((m) => ({
        name: m.name,
        role: m.role,
        ...(m.caption ? { caption: m.caption } : {}),
        ...(m.alt ? { alt: m.alt } : {}),
      })),
      comments: s.comments.map((c) => ({ author: c.authorUsername, text: c.text, created_at: c.createdAt })),
    },
    null,
    2,
  );
}

/** The story as Markdown: its fields as a list, its files as links, the text, the transcript, the comments. */
export function storyMarkdown(s: ExportStory): string {
  const { story } = s;
  const lines = [`# ${story.title}`, ''];
  for (const q of s.answers ?? [])
    lines.push(exportText.answersQuestion(q.askerName, q.text, story.storyType === 'audio'), '');
  const dates = datesOf(s);
  if (dates) lines.push(`- **When:** ${dates}`);
  if (story.location) lines.push(`- **Where:** ${story.location}`);
  lines.push(`- **Who can read it:** ${privacyOf(s)}`);
  lines.push(`- **Kind:** ${story.storyType === 'audio' ? 'recorded story' : 'written story'}`);
  lines.push(`- **Written:** ${story.createdAt}`, `- **Last changed:** ${story.updatedAt}`, '');
  for (const m of s.media) {
    if (m.role === 'recording') lines.push(`Recording: [${m.name}](${m.name})`);
    if (m.role === 'narration')
      lines.push(`Narration${m.voiceName ? ` (voice: ${m.voiceName})` : ''}: [${m.name}](${m.name})`);
    if (m.role === 'photo') lines.push(`![${m.alt ?? m.caption ?? ''}](${m.name})${m.caption ? ` ${m.caption}` : ''}`);
  }
  if (s.media.some((m) => m.role !== 'narration-timings' && m.role !== 'transcript')) lines.push('');
  if (story.content.trim()) lines.push(story.content.trim(), '');
  if (s.transcript) {
    lines.push(`## Transcript${s.transcript.machineMade ? ' (machine-made)' : ''}`, '', s.transcript.text.trim(), '');
  }
  if (s.comments.length > 0) {
    lines.push('## Comments', '');
    for (const c of s.comments) lines.push(`**${c.authorUsername}** (${c.createdAt}): ${c.text}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The profile: who the stories belong to (no secrets: no tokens, no hashes). */
export function profileJson(user: UserRecord, avatarName?: string): string {
  return JSON.stringify(
    {
      username: user.username,
      email: user.email,
      member_since: user.createdAt,
      ...(avatarName ? { profile_picture: avatarName } : {}),
    },
    null,
    2,
  );
}
