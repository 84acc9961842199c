import { validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { mp3File, oggOpusFile, pngFile, wavFile } from '../../../../test/support/media-files.ts';
import { completeWav, sniffUpload } from './sniff.ts';

describe('sniffUpload: the real type by magic bytes, never the name', () => {
  it('accepts the audio and image formats of each kind, stored under one type each', async () => {
    const wav = wavFile(1);
    expect(await sniffUpload('story-audio', wav, wav.length)).toEqual({
      ok: true,
      type: { mime: 'audio/wav', ext: 'wav' },
    });
    const mp3 = mp3File(1);
    expect(await sniffUpload('voice-sample', mp3, mp3.length)).toMatchObject({ ok: true, type: { ext: 'mp3' } });
    const ogg = oggOpusFile(1);
    expect(await sniffUpload('story-audio', ogg, ogg.length)).toMatchObject({ ok: true, type: { mime: 'audio/ogg' } });
    expect(await sniffUpload('profile-image', pngFile(), 79)).toMatchObject({ ok: true, type: { ext: 'png' } });
  });

  it('refuses a PNG as audio, audio as a picture, text, empty and oversize files', async () => {
    expect(await sniffUpload('story-audio', pngFile(), 79)).toEqual({ ok: false, message: validation.audioType });
    const wav = wavFile(1);
    expect(await sniffUpload('profile-image', wav, wav.length)).toEqual({ ok: false, message: validation.imageType });
    const text = Buffer.from('plain words');
    expect(await sniffUpload('profile-image', text, text.length)).toEqual({ ok: false, message: validation.imageType });
    expect(await sniffUpload('voice-sample', new Uint8Array(), 0)).toEqual({
      ok: false,
      message: validation.audioType,
    });
    expect(await sniffUpload('voice-sample', wav, 10 * 1024 * 1024)).toEqual({
      ok: false,
      message: validation.audioSize,
    });
    expect(await sniffUpload('profile-image', pngFile(), 6 * 1024 * 1024)).toEqual({
      ok: false,
      message: validation.imageSize,
    });
  });
});

describe('completeWav', () => {
  it('knows a whole file from a cut one, and lets streaming sizes through', () => {
    const wav = wavFile(1);
    expect(completeWav(wav, wav.length)).toBe(true);
    expect(completeWav(wav.subarray(0, 4100), wav.length - 1000)).toBe(false);
    const streamed = Buffer.from(wav);
    streamed.writeUInt32LE(0xffffffff, 4);
    streamed.writeUInt32LE(0xffffffff, 40);
    expect(completeWav(streamed.subarray(0, 4100), 2000)).toBe(true);
    expect(completeWav(wav.subarray(0, 8), 8)).toBe(false);
  });
});
