/**
 * One long narration in a fresh process (so its peak memory is its own): prints one JSON line with the
 * wall time, the audio length, where the time went, and the process's peak RSS.
 */
import { LocalVoiceEngine } from '../functions/src/adapters/voice/local-engine.ts';

const words = Number(process.argv[2] ?? 8000);
const paragraph =
  'When I was a child we spent every summer at my grandparents’ farm near the river. My grandmother woke before the sun, ' +
  'lit the stove and baked bread while the rest of us slept. In 1957 the river flooded, and we carried the chickens up to the hayloft one by one! ' +
  'My grandfather laughed about it for years; he said the hens never forgave him. ';
const perParagraph = paragraph.split(/\s+/).filter(Boolean).length;
const text = Array.from({ length: Math.ceil(words / perParagraph) }, () => paragraph).join('\n\n');

const engine = new LocalVoiceEngine();
// Cold start (eSpeak-NG load and pitch calibration) is measured apart from the narration itself.
let t = performance.now();
await engine.synthesize('local:f:210:165', 'Hello.');
const coldMs = performance.now() - t;
const measure = { synthesisMs: 0, encodingMs: 0 };
t = performance.now();
const result = await engine.synthesize('local:f:210:165', text, { measure });
const totalMs = performance.now() - t;
console.log(
  JSON.stringify({
    words: text.split(/\s+/).filter(Boolean).length,
    coldMs,
    totalMs,
    audioSeconds: result.duration,
    mp3Bytes: result.mp3.length,
    timedWords: result.words.length,
    ...measure,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
