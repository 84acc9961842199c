import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**'],
    // One set of local AWS stand-ins and one local server for the whole run (test/global-setup.ts);
    // tests isolate themselves with unique users and ids, so files run in parallel.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // In CI a JSON report lets .ci/run print the plain "N passed, N failed" closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.test-artifacts/results.json' }]] : ['default'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
