import type { ListenStoryDto } from '@storyloom/shared/book';
import type { KeepsakeBuildDto, KeepsakeDownloadResponse, KeepsakeLatestResponse } from '@storyloom/shared/keepsake';
import { bookText } from '@storyloom/shared/messages/book';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, call } from '../support/http.ts';
import { waitForMail } from '../support/mailbox.ts';
import { wavFile } from '../support/media-files.ts';
import { narrateStory } from '../support/narration.ts';
import { openPdf, pageImages, pageQrCodes, pdfText } from '../support/pdf.ts';
import { addPhoto, jpegPhoto, pngPhoto, settledPhotos, sidewaysPhotoWithGps } from '../support/photos.ts';
import { createStory, expectError } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { apiAs, createAdmin, loginAs, registerAndLogin, type TestUser } from '../support/users.ts';
import { pollUntil } from '../support/voice.ts';

/**
 * "Make a book" end to end (issue #21, docs/keepsake.md "A printed book"): the real routes, the media
 * worker's build and the PDF read back as a reader would — its text with pdf.js, its QR codes from the
 * rendered pages — then each code's listen link as a logged-out listener, before and after revoking.
 */
type Owner = TestUser & { token: string };
let owner: Owner;
let other: Owner;
let admin: { token: string };
let river: StoryDto;
let recorded: StoryDto;
let narrated: StoryDto;
let left: StoryDto;
const recording = wavFile(1);
let build: KeepsakeBuildDto;
let pdfBytes: Buffer;

async function audioStory(user: Owner, title: string): Promise<StoryDto> {
  const key = await uploadFile(user, 'story-audio', recording, 'audio/wav');
  const res = await apiAs<StoryDto>(user, 'POST', '/api/stories/audio', {
    title,
    content: 'Grandma sings',
    upload_key: key,
  });
  if (res.status !== 201) throw new Error(`audio story: ${res.status} ${res.text}`);
  return res.body;
}

async function fetchBytes(url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  [owner, other] = await Promise.all([registerAndLogin(), registerAndLogin()]);
  const adminUser = await createAdmin();
  admin = { token: (await loginAs(adminUser)).token };
  river = await createStory(owner, {
    title: 'The river in winter',
    // Families type emoji: the book prints them (docs/keepsake.md, "Emoji").
    content: 'The river froze that year.\n\nWe walked across it to school.\n\nWe laughed so hard 😂 at the lake 🌊',
    location: 'Porto',
    start_date: '1962-01-05',
    end_date: '1962-03-03',
  });
  // Photos of the river story: a large original (printed from the original at 300 dpi, more pixels than
  // the 1600 px display variant has), a sideways phone photo (printed upright) and a PNG.
  for (const [bytes, type, caption] of [
    [await jpegPhoto(4000, 3000), 'image/jpeg', 'The river from the bridge'],
    [await sidewaysPhotoWithGps(), 'image/jpeg', 'Father on the ice'],
    [await pngPhoto(240, 180), 'image/png', 'A small print'],
  ] as const) {
    const added = await addPhoto(owner, river.ID, bytes, type, { caption, alt: caption });
    expect(added.status, added.text).toBeLessThan(300);
  }
  expect((await settledPhotos(owner, river.ID)).map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
  left = await createStory(owner, { title: 'Not in the book', start_date: '1950-01-01' });
  narrated = await createStory(owner, {
    title: 'Our first television',
    content: 'Father carried the television up four floors.',
    location: null,
    start_date: '1975-06-01',
    end_date: null,
  });
  await narrateStory({ ID: narrated.ID, content: narrated.content, author: { id: owner.id } });
  // No dates: filed under the day it was written (today), so it comes last.
  recorded = await audioStory(owner, 'Grandma sings the lullaby');
  // Typed (no speech-to-text key here): the book prints the transcript of a recorded story.
  const transcript = await apiAs(owner, 'PUT', `/api/stories/${recorded.ID}/transcript`, {
    text: 'Sleep now, my little one, the river is asleep too.',
    version: null,
  });
  expect(transcript.status, transcript.text).toBe(200);

  const start = await apiAs<KeepsakeBuildDto>(owner, 'POST', '/api/keepsake/book', {
    title: 'Stories for Ana',
    dedication: 'For Ana, who asked.',
    page_size: 'letter',
    story_ids: [recorded.ID, narrated.ID, river.ID],
  });
  expect(start.status, start.text).toBeLessThan(300);
  build = await pollUntil(
    async () => (await apiAs<KeepsakeLatestResponse>(owner, 'GET', '/api/keepsake/book/latest')).body.build,
    (b) => b?.status === 'done' || b?.status === 'failed',
    120_000,
  ).then((b) => b as KeepsakeBuildDto);
  expect(build.status, JSON.stringify(build)).toBe('done');
  const download = await apiAs<KeepsakeDownloadResponse>(
    owner,
    'GET',
    `/api/keepsake/book/builds/${build.id}/download`,
  );
  expect(download.status).toBe(200);
  expect(download.body.file_name).toBe('Stories-for-Ana.pdf');
  const file = await fetchBytes(download.body.secure_url);
  expect(file.status).toBe(200);
  pdfBytes = file.bytes;
}, 180_000);

describe('the book PDF', () => {
  it('has the title page, the dedication, the contents with the right pages, and the chosen stories in date order', async () => {
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await openPdf(pdfBytes);
    const pages = await pdfText(pdf);
    expect(pages[0]?.lines.slice(0, 2)).toEqual(['Stories for Ana', `Stories by ${owner.username}`]);
    // Front matter carries no page number; numbering shows from the contents on.
    expect(pages[1]?.lines).toEqual(['For Ana, who asked.']);
    expect(pages[2]?.lines[0]).toBe('Contents');
    const order = [river, narrated, recorded];
    const entries = pages[2]?.lines.slice(1, 4) ?? [];
    for (const [i, story] of order.entries()) {
      const match = /^(.*\S)\s+(\d+)$/.exec(entries[i] ?? '');
      expect(match?.[1]).toBe(story.title);
      const page = Number(match?.[2]);
      const lines = pages[page - 1]?.lines ?? [];
      expect(lines[0]).toBe(story.title);
      expect(lines.at(-1)).toBe(String(page));
    }
    expect(pages.flatMap((p) => p.lines).join('\n')).not.toContain(left.title);
    const riverPage = pages.find((p) => p.lines[0] === river.title)?.lines ?? [];
    expect(riverPage).toEqual(
      expect.arrayContaining([
        'Jan 5, 1962 – Mar 3, 1965'.replace('1965', '1962'),
        'Place: Porto',
        'The river froze that year.',
      ]),
    );
    // The emoji are on the page as typed (drawn with a font that has them: unit test in render.test.ts).
    expect(riverPage.map((line) => line.replace(/\s+/g, ' '))).toContain('We laughed so hard 😂 at the lake 🌊');
    const recordedPage = pages.find((p) => p.lines[0] === recorded.title)?.lines ?? [];
    expect(recordedPage).toContain('Sleep now, my little one, the river is asleep too.');
    expect(recordedPage).not.toContain('Grandma sings');
    expect(pages.at(-1)?.lines[0]).toBe('About the QR codes in this book');
  });

  it('prints the photos from their originals at 300 dpi of their printed size, upright, with their captions', async () => {
    const pdf = await openPdf(pdfBytes);
    const pages = await pdfText(pdf);
    const start = pages.findIndex((p) => p.lines[0] === river.title);
    const end = pages.findIndex((p) => p.lines[0] === narrated.title);
    const images: Array<{ width: number; height: number }> = [];
    for (let n = start + 1; n <= end; n++) images.push(...(await pageImages(pdf, n)));
    // Letter's text block is 486 pt wide: 2025 px at 300 dpi (the display variant has 1600).
    expect(images[0]).toEqual({ width: 2025, height: 1519 });
    // The phone photo is stored 600 × 400 with orientation 6: printed upright, 400 × 600.
    expect(images[1]).toEqual({ width: 400, height: 600 });
    expect(images[2]).toEqual({ width: 240, height: 180 });
    const text = pages.slice(start, end).flatMap((p) => p.lines);
    for (const caption of ['The river from the bridge', 'Father on the ice', 'A small print'])
      expect(text).toContain(caption);
  });

  it('prints a QR code for each story with a recording or narration that plays it to a logged-out listener, only while the link is live', async () => {
    const pdf = await openPdf(pdfBytes);
    const pages = await pdfText(pdf);
    const codes = new Map<string, string>();
    for (const story of [river, narrated, recorded]) {
      const page = pages.findIndex((p) => p.lines[0] === story.title) + 1;
      const found = await pageQrCodes(pdf, page);
      if (story === river) {
        expect(found).toEqual([]);
        continue;
      }
      expect(found).toHaveLength(1);
      const url = new URL(found[0] ?? '');
      expect(url.pathname).toMatch(new RegExp(`^/listen/[A-Za-z0-9_-]{43}/${story.ID}$`));
      codes.set(story.ID, url.pathname);
    }

    // The listen page (the SPA) is served to anyone, logged out.
    const page = await call('GET', codes.get(recorded.ID) ?? '');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');

    for (const [storyId, path] of codes) {
      const [, , token] = path.split('/');
      const res = await api<ListenStoryDto>('GET', `/public/listen/${token}/${storyId}`);
      expect(res.status).toBe(200);
      expect(res.body.book_title).toBe('Stories for Ana');
      const audio = await fetchBytes(res.body.audio.secure_url);
      expect(audio.status).toBe(200);
      if (storyId === recorded.ID) expect(audio.bytes.equals(recording)).toBe(true);
      else expect(audio.bytes.subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff\xfb|\xff\xf3)/);
    }
    const token = codes.get(recorded.ID)?.split('/')[2] ?? '';
    // The link plays only the stories printed with a code: not the book's text-only story, not another story of the owner.
    expectError(await api('GET', `/public/listen/${token}/${river.ID}`), 404, bookText.listenNotFound);
    expectError(await api('GET', `/public/listen/${token}/${left.ID}`), 404, bookText.listenNotFound);
    // Another token of the right shape, or a malformed one, plays nothing.
    expectError(await api('GET', `/public/listen/${'A'.repeat(43)}/${recorded.ID}`), 404, bookText.listenNotFound);
    expect((await api('GET', `/public/listen/short/${recorded.ID}`)).status).toBe(400);

    // Nobody but the owner turns the link off.
    expect((await api('DELETE', `/api/keepsake/books/${build.id}/link`)).status).toBe(401);
    expectError(await apiAs(other, 'DELETE', `/api/keepsake/books/${build.id}/link`), 404, bookText.bookNotFound);
    expectError(await apiAs(admin, 'DELETE', `/api/keepsake/books/${build.id}/link`), 404, bookText.bookNotFound);
    expect((await api<ListenStoryDto>('GET', `/public/listen/${token}/${recorded.ID}`)).status).toBe(200);

    const revoke = await apiAs(owner, 'DELETE', `/api/keepsake/books/${build.id}/link`);
    expect(revoke.status).toBe(200);
    expect(revoke.body).toEqual({ message: bookText.revoked });
    for (const [storyId, path] of codes)
      expectError(await api('GET', `/public/listen/${path.split('/')[2]}/${storyId}`), 410, bookText.listenRevoked);
    // Idempotent.
    expect((await apiAs(owner, 'DELETE', `/api/keepsake/books/${build.id}/link`)).status).toBe(200);
  });

  it('shows the link state to its owner only', async () => {
    const mine = await apiAs<{ books: Array<{ id: string; link: string }> }>(owner, 'GET', '/api/keepsake/books');
    expect(mine.status).toBe(200);
    expect(mine.body.books.find((b) => b.id === build.id)?.link).toBe('revoked');
    const theirs = await apiAs<{ books: unknown[] }>(other, 'GET', '/api/keepsake/books');
    expect(theirs.body.books).toEqual([]);
    expect((await api('GET', '/api/keepsake/books')).status).toBe(401);
  });

  it('keeps the PDF private to its owner and emails the owner a link', async () => {
    const path = `/api/keepsake/book/builds/${build.id}/download`;
    expect((await api('GET', path)).status).toBe(401);
    expect((await apiAs(other, 'GET', path)).status).toBe(404);
    expect((await apiAs(admin, 'GET', path)).status).toBe(404);
    // The result's media key is under the owner's prefix: the secure-url route refuses it to anyone else.
    const mail = await waitForMail((m) => m.to.includes(owner.email) && m.subject === bookText.email.subject);
    expect(mail.text).toContain(`/keepsake/book/download/${build.id}`);
  });

  it('says so when a book fails, and Try again makes it', async () => {
    // A chosen story that no longer exists: nothing to print, a failure a retry of the same job would repeat.
    const gone = crypto.randomUUID();
    const first = await apiAs<KeepsakeBuildDto>(other, 'POST', '/api/keepsake/book', {
      title: 'Gone',
      page_size: 'a5',
      story_ids: [gone],
    });
    expect(first.status, first.text).toBeLessThan(300);
    const failed = await pollUntil(
      async () => (await apiAs<KeepsakeLatestResponse>(other, 'GET', '/api/keepsake/book/latest')).body.build,
      (b) => b?.status === 'done' || b?.status === 'failed',
      60_000,
    );
    expect(failed).toMatchObject({
      id: first.body.id,
      status: 'failed',
      // The book's own reason, not the general one.
      error: bookText.nothingToPrint,
      downloadable: false,
    });
    // No listening link was left behind for the failed book.
    const books = await apiAs<{ books: Array<{ id: string; link: string }> }>(other, 'GET', '/api/keepsake/books');
    expect(books.body.books.find((b) => b.id === first.body.id)?.link).toBe('none');

    const story = await createStory(other, { title: 'A story that exists' });
    const again = await apiAs<KeepsakeBuildDto>(other, 'POST', '/api/keepsake/book', {
      title: 'Again',
      page_size: 'a5',
      story_ids: [story.ID],
    });
    expect(again.status, again.text).toBeLessThan(300);
    const done = await pollUntil(
      async () => (await apiAs<KeepsakeLatestResponse>(other, 'GET', '/api/keepsake/book/latest')).body.build,
      (b) => b?.id === again.body.id && (b.status === 'done' || b.status === 'failed'),
      60_000,
    );
    expect(done?.status).toBe('done');
  });

  it('refuses bad choices with clear messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: ' ', page_size: 'a5' }, bookText.titleRequired],
      [{ title: 'T', page_size: 'legal' }, bookText.pageSizeInvalid],
      [{ title: 'T', page_size: 'a5', story_ids: [] }, bookText.storiesRequired],
      [{ title: 'T', page_size: 'a5', story_ids: ['not-an-id'] }, bookText.storyNotYours],
    ];
    for (const [body, message] of cases)
      expectError(await apiAs(other, 'POST', '/api/keepsake/book', body), 400, message);
    expect((await api('POST', '/api/keepsake/book', { body: { title: 'T', page_size: 'a5' } })).status).toBe(401);
  });
});
