/**
 * `npm run bench -- photos`: what the media worker's photo variants cost (docs/media.md, "Photos"):
 * makePhotoVariants (sharp: decode, orientation, resize to 1600 px and 400 px, WebP) on photos of phone
 * and camera sizes, made here with noise so they compress like photos. Wall time (median of RUNS) and
 * the process's peak RSS above its start, sampled every 5 ms.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { makePhotoVariants } from '../functions/src/adapters/images/variants.ts';
import { fmt, percentile, table } from './stats.ts';

const RUNS = 5;

/** A w × h photo-like picture (random noise, blurred a little) in `format`. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .toFormat(format, format === 'png' ? { compressionLevel: 6 } : { quality: 88 })
    .toBuffer();
  return noise;
}

export async function photosBench(): Promise<void> {
  const cases: Array<[string, number, number, 'jpeg' | 'png' | 'webp']> = [
    ['phone JPEG 4032 × 3024 (12 MP)', 4032, 3024, 'jpeg'],
    ['camera JPEG 6000 × 4000 (24 MP)', 6000, 4000, 'jpeg'],
    ['largest accepted, JPEG 8000 × 8000 (64 MP)', 8000, 8000, 'jpeg'],
    ['screenshot PNG 2560 × 1600', 2560, 1600, 'png'],
    ['WebP 4000 × 3000', 4000, 3000, 'webp'],
  ];
  const rows: string[][] = [];
  for (const [name, width, height, format] of cases) {
    const bytes = await photo(width, height, format);
    await makePhotoVariants(bytes); // warm-up
    global.gc?.();
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await makePhotoVariants(bytes);
      times.push(performance.now() - t);
    }
    clearInterval(sampler);
    rows.push([
      name,
      `${(bytes.length / 1024 / 1024).toFixed(1)} MB`,
      fmt(percentile(times, 50)),
      fmt(Math.max(...times)),
      `${((peak - start) / 1024 / 1024).toFixed(0)} MB`,
    ]);
  }
  console.log(table(['photo', 'file', 'p50 ms', 'max ms', 'peak RSS growth'], rows));
}
