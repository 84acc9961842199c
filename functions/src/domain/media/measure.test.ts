import { mediaText, validation } from '@storyloom/shared/messages';
import { voiceText } from '@storyloom/shared/voice';
import { describe, expect, it } from 'vitest';
import { hostileFiles } from '../../../../test/support/hostile-media.ts';
import {
  m4aFile,
  OPUS_SILENCE_PACKET,
  oggVorbisFile,
  pngOfSize,
  webmOpusOf,
} from '../../../../test/support/media-containers.ts';
import { mp3File, oggOpusFile, pngFile, wavFile } from '../../../../test/support/media-files.ts';
import { measureUpload } from './measure.ts';
import { SNIFF_BYTES, sniffUpload } from './sniff.ts';

/** What the server says about a whole file sent as `kind`: the sniff, then the measure. */
async function verdict(kind: Parameters<typeof sniffUpload>[0], bytes: Uint8Array) {
  const sniffed = await sniffUpload(kind, bytes.subarray(0, SNIFF_BYTES), bytes.length);
  if (!sniffed.ok) return sniffed;
  return measureUpload(kind, sniffed.type, bytes);
}

describe('media measured before decoding', () => {
  it('accepts good files of every type, with the length their headers and frames give', async () => {
    const cases: Array<[string, Parameters<typeof sniffUpload>[0], Uint8Array, number]> = [
      ['wav', 'voice-sample', wavFile(6), 6],
      ['mp3', 'voice-sample', mp3File(6), 6],
      ['ogg opus', 'voice-sample', oggOpusFile(6), 6],
      ['ogg vorbis', 'voice-sample', await oggVorbisFile(6), 6],
      ['webm opus, no duration', 'voice-sample', webmOpusOf(Array(300).fill(OPUS_SILENCE_PACKET)), 6],
      [
        'webm opus as MediaRecorder writes it',
        'voice-sample',
        webmOpusOf(Array(300).fill(OPUS_SILENCE_PACKET), { liveClusters: true }),
        6,
      ],
      ['webm opus, duration', 'story-audio', webmOpusOf(Array(300).fill(OPUS_SILENCE_PACKET), { durationMs: 6000 }), 6],
      ['m4a', 'story-audio', m4aFile({ seconds: 6 }), 6],
    ];
    for (const [name, kind, bytes, seconds] of cases) {
      const result = await verdict(kind, bytes);
      expect(result.ok, name).toBe(true);
      if (result.ok) expect(result.audio?.seconds, name).toBeCloseTo(seconds, 0);
    }
    const png = await verdict('profile-image', pngFile());
    expect(png).toMatchObject({ ok: true, image: { width: 2, height: 2 } });
    expect(await verdict('profile-image', pngOfSize(8_000, 8_000))).toMatchObject({ ok: true });
  });

  it('refuses every truncated, lying and bomb file with a clear message, in milliseconds', async () => {
    const expected = new Set<string>([
      mediaText.audioDamaged,
      mediaText.audioInconsistent,
      mediaText.storyAudioTooLong,
      voiceText.sampleTooLong,
      mediaText.imageTooLarge,
      mediaText.imageDamaged,
      validation.audioType,
      validation.imageType,
    ]);
    for (const file of await hostileFiles()) {
      const started = performance.now();
      const result = await verdict(file.kind, file.bytes);
      expect(result.ok, file.name).toBe(false);
      if (!result.ok) expect(expected.has(result.message), `${file.name}: ${result.message}`).toBe(true);
      expect(performance.now() - started, file.name).toBeLessThan(2_000);
    }
  });

  it('names the problem: 0 Hz is damaged, a bomb holds more than it says, a long file is too long', async () => {
    const files = new Map((await hostileFiles()).map((f) => [f.name, f]));
    const say = async (name: string) => {
      const file = files.get(name)!;
      const result = await verdict(file.kind, file.bytes);
      return result.ok ? 'accepted' : result.message;
    };
    expect(await say('wav 44 bytes declaring 0 Hz')).toBe(mediaText.audioDamaged);
    expect(await say('mp3 truncated to 130 bytes')).toBe(mediaText.audioDamaged);
    expect(await say('ogg opus bomb: 37 KB, 24 minutes, declares 3 s')).toBe(mediaText.audioInconsistent);
    expect(await say('ogg opus 24 minutes, honest header (sample)')).toBe(voiceText.sampleTooLong);
    expect(await say('webm opus 24 minutes, no duration (live recording)')).toBe(voiceText.sampleTooLong);
    expect(await say('ogg vorbis declaring 0.1 s of 20 s (story)')).toBe(mediaText.audioInconsistent);
    expect(await say('mp3 dense frames, 3.5 hours in 12.6 MB')).toBe(mediaText.storyAudioTooLong);
    expect(await say('m4a declaring 40 hours')).toBe(mediaText.storyAudioTooLong);
    expect(await say('png 40000 × 40000')).toBe(mediaText.imageTooLarge);
    expect(await say('png truncated to 20 bytes')).toBe(mediaText.imageDamaged);
    expect(await say('ogg opus bomb declaring 3 s (story)')).toBe(mediaText.audioInconsistent);
    expect(mediaText.imageTooLarge).toBe('Pictures can be at most 8,000 × 8,000 pixels. Please choose a smaller one.');
  });
});

describe('story photos measured before decoding', () => {
  it('accepts JPEG, PNG, WebP and GIF photos with their header sizes', async () => {
    const { animatedGif, jpegPhoto, pngPhoto, webpPhoto } = await import('../../../../test/support/photo-files.ts');
    const cases: Array<[Uint8Array, number, number]> = [
      [await jpegPhoto(320, 200), 320, 200],
      [await pngPhoto(240, 180), 240, 180],
      [await webpPhoto(2400, 1200), 2400, 1200],
      [await animatedGif(), 60, 40],
    ];
    for (const [bytes, width, height] of cases)
      expect(await verdict('story-photo', bytes)).toMatchObject({ ok: true, image: { width, height } });
  });

  it('refuses a 20,000 × 20,000 PNG header as too large, a renamed text file by type, a cut file as damaged', async () => {
    const { headerOnlyPng, jpegPhoto, textAsJpeg } = await import('../../../../test/support/photo-files.ts');
    const bomb = headerOnlyPng(20_000);
    expect(bomb.length).toBe(33);
    expect(await verdict('story-photo', bomb)).toEqual({ ok: false, message: mediaText.imageTooLarge });
    expect(await verdict('story-photo', textAsJpeg())).toEqual({ ok: false, message: validation.imageType });
    const jpeg = await jpegPhoto(320, 200);
    expect(await verdict('story-photo', jpeg.subarray(0, jpeg.length - 200))).toEqual({
      ok: false,
      message: mediaText.imageDamaged,
    });
    expect(await verdict('story-photo', pngOfSize(8_000, 8_001))).toEqual({
      ok: false,
      message: mediaText.imageTooLarge,
    });
    expect(await verdict('story-photo', pngOfSize(0, 0))).toEqual({ ok: false, message: mediaText.imageDamaged });
  });
});
