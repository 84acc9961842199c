import { defineConfig } from 'vitest/config';

/**
 * Four layers you can run alone (`vitest run --project <name>`), all of them in `npm test`:
 * - `unit`: pure logic and domain services, no stand-ins (fault injection with aws-sdk-client-mock).
 * - `api`: real handlers through the local server against the local AWS stand-ins.
 * - `browser`: the real SPA in headless Chromium against the same local server.
 * - `infra`: CDK template assertions.
 * - `engines`: the voice engines' audio tests (pure, but tens of seconds of CPU).
 * `api` and `browser` name the same global setup; it starts ONE set of stand-ins per run however many
 * of the two projects run (test/global-setup.ts shares it through globalThis), and only when one of
 * them has a test file selected.
 */
const shared = {
  exclude: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const stack = ['test/global-setup.ts'];

/** Tests of the voice engines (local synthesis, also in local mode's worker threads, and the ElevenLabs adapter against its fake server). */
const engineTests = ['functions/src/adapters/voice/*-engine.test.ts', 'infra/local/heavy-pool.test.ts'];

/** Unit tests import handler modules whose config reads these at load; nothing listens on them. */
const unitEnv = {
  TABLE_NAME: 'unit-table',
  MEDIA_BUCKET: 'unit-media',
  JOBS_QUEUE_URL: 'http://127.0.0.1:9/queue/unit-jobs',
  USER_POOL_ID: 'us-east-1_unit',
  USER_POOL_CLIENT_ID: 'unit-client',
  SES_FROM_ADDRESS: 'noreply@example.com',
  CONTACT_TO_ADDRESS: 'team@example.com',
  APP_URL: 'http://localhost:3000',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'unit',
  AWS_SECRET_ACCESS_KEY: 'unit',
  LOG_LEVEL: 'silent',
};

export default defineConfig({
  test: {
    // Both cores: the default (cores − 1) runs one file at a time on a 2-core machine.
    maxWorkers: 2,
    // In CI a JSON report lets .ci/run print the plain "N passed, N failed" closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.test-artifacts/results.json' }]] : ['default'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [
            'web/src/**/*.test.{ts,tsx}',
            'functions/src/**/*.test.ts',
            'shared/**/*.test.ts',
            'infra/local/**/*.test.ts',
          ],
          exclude: [...shared.exclude, 'infra/local/services.test.ts', ...engineTests],
          env: unitEnv,
        },
      },
      {
        // The voice engines' tests synthesise and analyse real audio (tens of seconds of CPU): no
        // stand-ins, but too slow for the unit loop.
        test: { ...shared, name: 'engines', include: engineTests, env: unitEnv },
      },
      {
        test: {
          ...shared,
          name: 'api',
          include: ['test/api/**/*.test.ts', 'infra/local/services.test.ts'],
          globalSetup: stack,
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: stack,
          // Retrying assertions wait like Playwright's (5 s): with the server and Chromium on two cores,
          // a focus move or a re-render can take longer than vitest's 1 s default.
          expect: { poll: { timeout: 5_000, interval: 50 } },
        },
      },
      {
        test: { ...shared, name: 'infra', include: ['infra/test/**/*.test.ts'] },
      },
    ],
  },
});
