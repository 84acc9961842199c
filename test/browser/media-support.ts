import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { wavFile } from '../support/media-files.ts';
import { url } from './browser.ts';

/**
 * Helpers for the media browser tests. Chromium's fake microphone plays a WAV the test writes (a
 * beeping tone, so the level meter moves), and its fake UI grants the permission prompt.
 */
export function fakeMicrophoneArgs(opts: { grant?: boolean } = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'storyloom-mic-'));
  const file = join(dir, 'voice.wav');
  writeFileSync(file, wavFile(12, 48_000, 330));
  return [
    '--use-fake-device-for-media-stream',
    ...(opts.grant === false ? [] : ['--use-fake-ui-for-media-stream']),
    `--use-file-for-fake-audio-capture=${file}`,
    '--autoplay-policy=no-user-gesture-required',
  ];
}

/** The audio element inside a player (its fieldset is named by the player's label). */
export function playerAudio(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true }).locator('audio');
}

/** Presses play on a player and waits until its element's currentTime has advanced past `seconds`. */
export async function playAndAdvance(scope: Page | Locator, label: string, seconds = 0.3): Promise<void> {
  await scope.getByRole('button', { name: `Play ${label}`, exact: true }).click();
  const audio = playerAudio(scope, label);
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(seconds);
}

/** Seeks with the player's slider (as a keyboard or pointer user would) and checks the element followed. */
export async function seekTo(scope: Page | Locator, label: string, seconds: number): Promise<void> {
  await scope.getByRole('slider', { name: `Seek ${label}`, exact: true }).fill(String(seconds));
  const audio = playerAudio(scope, label);
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 5_000 })
    .toBeGreaterThanOrEqual(seconds - 0.05);
}

/**
 * Opens an app path. The media tests run Chromium with extra devices and often first in a loaded
 * machine, so a first navigation may take longer than the default 10 s: 30 s here.
 */
export function open(page: Page, path: string) {
  return page.goto(url(path), { timeout: 30_000 });
}
