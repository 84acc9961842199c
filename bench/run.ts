/**
 * `npm run bench` runs every section; `npm run bench -- memory lighthouse` runs those. Benchmarks,
 * not tests: they print figures against the targets in docs/platform.md and never fail the build.
 *
 * A section is a module that exports `name` and `run(): Promise<void>` and prints its own table. To add
 * one, append it to `sections` (loaded lazily, so one section's setup never slows another down).
 */
export {};

interface Section {
  name: string;
  load: () => Promise<{ run: () => Promise<void> }>;
}

const sections: Section[] = [
  { name: 'stories', load: () => import('./stories.ts') },
  { name: 'web-size', load: () => import('./web-size.ts') },
  { name: 'lighthouse', load: () => import('./lighthouse.ts') },
  { name: 'memory', load: () => import('./memory.ts') },
  {
    name: 'interactive',
    load: async () => ({ run: (await import('./interactive-eval/bench.ts')).interactiveBench }),
  },
  {
    name: 'interactive-spoken',
    load: async () => ({ run: (await import('./interactive-eval/bench.ts')).interactiveSpokenBench }),
  },
  { name: 'media', load: async () => ({ run: (await import('./media.ts')).mediaBench }) },
  { name: 'voice', load: async () => ({ run: (await import('./voice.ts')).voiceBench }) },
  { name: 'photos', load: async () => ({ run: (await import('./photos.ts')).photosBench }) },
  { name: 'keepsake', load: async () => ({ run: (await import('./keepsake.ts')).keepsakeBench }) },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !sections.some((s) => s.name === w));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${sections.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
// A section that starts a local stack in-process leaves the handlers' settings (endpoints of stand-ins it
// has stopped) in process.env; the next section would inherit them, as a user-set endpoint that the
// local profile never overwrites. Each section starts from the environment the bench was given.
const givenEnv = { ...process.env };
function restoreEnv() {
  for (const key of Object.keys(process.env)) if (!(key in givenEnv)) delete process.env[key];
  Object.assign(process.env, givenEnv);
}

for (const section of sections.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
  restoreEnv();
  console.log(`\n== ${section.name} ==`);
  const started = performance.now();
  await (await section.load()).run();
  console.log(`(${section.name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
