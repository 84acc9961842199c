import { defineConfig } from 'vitest/config';

/**
 * `npm run test:localstack`: the LocalStack profile against a real LocalStack (Docker), kept out of
 * `npm test` so its test count and closing line stay those of the tests that always run. Without a
 * LocalStack or Docker the file says why on its first line and skips.
 */
export default defineConfig({
  test: {
    include: ['test/localstack/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
