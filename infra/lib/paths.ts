import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory of the CDK CLI or the test runner. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
