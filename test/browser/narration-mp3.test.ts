import { audioFrames, joinMp3, mp3Seconds } from '@storyloom/functions/adapters/voice/audio/mp3-join';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneMp3 } from '../support/elevenlabs-tts-fake.ts';
import { launchBrowser } from './browser.ts';

/**
 * The joined narration MP3 as a browser reads it (docs/voice.md, "Long texts"): Chromium takes an MP3's
 * duration from its first Xing/Info frame, so a join that kept each part's frame showed the first part's
 * length. Each file is served to a page whose <audio> reports `duration` once its metadata is loaded.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** `audio.duration` of these bytes in headless Chromium. */
async function durationInChromium(mp3: Uint8Array): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.route('http://narration.test/**', (route) =>
      route.request().url().endsWith('.mp3')
        ? route.fulfill({ status: 200, contentType: 'audio/mpeg', body: Buffer.from(mp3) })
        : route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>mp3</title>' }),
    );
    await page.goto('http://narration.test/');
    return await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const audio = new Audio();
          audio.preload = 'metadata';
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
          audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)));
          audio.src = '/narration.mp3';
        }),
    );
  } finally {
    await page.close();
  }
}

describe('a narration joined from provider parts, in Chromium', () => {
  // Three provider responses of different lengths, each with its own Info frame (as LAME writes them).
  const parts = [toneMp3(3.1), toneMp3(4.2), toneMp3(2.7)];
  const sum = parts.reduce((s, p) => s + mp3Seconds(p), 0);

  it('reads one part as long as its own Info frame says (the frame is what Chromium trusts)', async () => {
    expect(await durationInChromium(parts[1]!)).toBeCloseTo(mp3Seconds(parts[1]!), 1);
  });

  it('shows a naive concatenation as long as its first part says when the frame has no byte count', async () => {
    // Chromium (FFmpeg) ignores an Info frame whose byte count disagrees with the file; an encoder that
    // writes only the frame count (flags = 1) is trusted blindly: the player showed 4.6 s of 10.3 s.
    const first = Buffer.from(parts[0]!);
    first.writeUInt32BE(0x1, 4 + 17 + 4);
    const naive = Buffer.concat([first, ...parts.slice(1).map((p) => Buffer.from(p))]);
    const shown = await durationInChromium(naive);
    expect(Math.abs(shown - mp3Seconds(parts[0]!))).toBeLessThan(0.1);
    expect(sum - shown).toBeGreaterThan(5);
    // The join drops that frame too and writes one of its own.
    expect(Math.abs((await durationInChromium(joinMp3([first, ...parts.slice(1)]))) - sum)).toBeLessThanOrEqual(0.1);
  });

  it('shows the joined file as long as the parts together (±0.1 s)', async () => {
    const joined = joinMp3(parts);
    expect(audioFrames(joined).length).toBe(parts.reduce((n, p) => n + audioFrames(p).length, 0));
    const shown = await durationInChromium(joined);
    expect(Math.abs(shown - sum)).toBeLessThanOrEqual(0.1);
  });
});
