import { inject } from 'vitest';

/**
 * Points this test process at the run's local stand-ins (same environment the handlers get), so a
 * test can import domain modules or inspect the table and bucket. Call before importing them.
 */
export function useServerEnv(): Record<string, string> {
  const env = inject('serverEnv');
  Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
  return env;
}
