import { encodeWav } from '@storyloom/functions/adapters/voice/audio/wav';
import { voiceLikeSignal } from '@storyloom/functions/adapters/voice/test-signals';
import type { NarrationDto, VoiceStatusDto } from '@storyloom/shared/voice';
import { type ApiResponse, api } from './http.ts';
import { apiAs } from './users.ts';

/** A voice-like WAV sample (16 kHz mono) of the given length and median pitch, made in memory. */
export function voiceSampleWav(seconds: number, medianHz = 120): Buffer {
  return Buffer.from(encodeWav(voiceLikeSignal({ medianHz, seconds, sampleRate: 16_000 }), 16_000));
}

/** A multipart body with one file field, as a browser's FormData sends it. */
export function multipart(field: string, bytes: Uint8Array, filename: string, type: string) {
  const boundary = `----storyloom${Date.now()}${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const rawBody = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { rawBody, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/voice/upload-sample as multipart `voice_sample`. */
export function uploadSample(
  user: { token: string },
  bytes: Uint8Array,
  filename = 'sample.wav',
  type = 'audio/wav',
): Promise<ApiResponse> {
  return api('POST', '/api/voice/upload-sample', {
    token: user.token,
    ...multipart('voice_sample', bytes, filename, type),
  });
}

/** Polls until `done` holds for the answer (the worker runs the job meanwhile); fails after `timeoutMs`. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const voiceStatus = async (user: { token: string }) =>
  (await apiAs<VoiceStatusDto>(user, 'GET', '/api/voice/status')).body;

export const narrationOf = async (user: { token: string }, storyId: string) =>
  (await apiAs<NarrationDto>(user, 'GET', `/api/voice/narrate/${storyId}`)).body;

/** Uploads a sample, consents and clones; waits until the voice is ready. */
export async function cloneVoice(user: { token: string }, name = 'Grandma Rose'): Promise<VoiceStatusDto> {
  const upload = await uploadSample(user, voiceSampleWav(35));
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${upload.text}`);
  const clone = await apiAs(user, 'POST', '/api/voice/clone', { name, consent: true });
  if (clone.status !== 202) throw new Error(`clone failed: ${clone.status} ${clone.text}`);
  return pollUntil(
    () => voiceStatus(user),
    (s) => s.clone_status === 'ready' || s.clone_status === 'failed',
  );
}
