import type { WorkerDef } from '@storyloom/functions/routes';
import * as routeTable from '@storyloom/functions/routes';
import { App, Validations } from 'aws-cdk-lib';
import { defineStoryloomApp } from '../lib/app.ts';
import { StoryloomNagChecks } from '../lib/nag.ts';

const app = new App();
try {
  // Every worker the route table exports: the jobs worker and, when there is one, the media-jobs worker.
  const { mediaWorker } = routeTable as { mediaWorker?: WorkerDef };
  await defineStoryloomApp(app, {
    routes: routeTable.routes,
    worker: [routeTable.worker, ...(mediaWorker ? [mediaWorker] : [])],
  });
} catch (error) {
  // Configuration and bundling errors are for people, not stack traces.
  console.error((error as Error).message);
  process.exit(1);
}
// `-c nag=true`: the cdk-nag AwsSolutions checks the infra tests run (infra/test/nag.test.ts), at synth.
if (app.node.tryGetContext('nag') === 'true') Validations.of(app).addPlugins(new StoryloomNagChecks(app));
app.synth();
