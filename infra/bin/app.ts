import { routes, worker } from '@storyloom/functions/routes';
import { App } from 'aws-cdk-lib';
import { defineStoryloomApp } from '../lib/app.ts';

const app = new App();
try {
  await defineStoryloomApp(app, { routes, worker });
} catch (error) {
  // Configuration and bundling errors are for people, not stack traces.
  console.error((error as Error).message);
  process.exit(1);
}
app.synth();
