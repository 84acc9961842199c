import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDef } from '@storyloom/functions/routes';
import { Annotations, type App, Tags } from 'aws-cdk-lib';
import { bundlingRequested, handlerCode, handlerEntries } from './bundle.ts';
import { DEFAULT_SES_FROM_ADDRESS, readConfig } from './config.ts';
import { REPO_ROOT } from './paths.ts';
import { StoryloomStack, type WorkerDef } from './storyloom-stack.ts';

export interface StoryloomAppProps {
  routes: readonly RouteDef[];
  worker: WorkerDef;
  /** Where `STORYLOOM_*` settings are read from when the context has none. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Adds the Storyloom stack to an app: reads the configuration, bundles the handlers once (unless
 * the CLI or a test asked for no bundling), and builds the stack from the route table.
 * The CDK entry point and the template tests both go through here.
 */
export async function defineStoryloomApp(app: App, props: StoryloomAppProps): Promise<StoryloomStack> {
  const config = readConfig(app.node, props.env);
  const code = await handlerCode(app, handlerEntries(props.routes, props.worker));
  const webDist = join(REPO_ROOT, 'web', 'dist');
  const deployWeb = bundlingRequested(app) && existsSync(join(webDist, 'index.html'));

  const stack = new StoryloomStack(app, `Storyloom-${config.stage}`, {
    description: `Storyloom (${config.stage})`,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    config,
    routes: props.routes,
    worker: props.worker,
    code,
    webDist: deployWeb ? webDist : undefined,
  });
  Tags.of(stack).add('project', 'storyloom');
  Tags.of(stack).add('stage', config.stage);
  if (bundlingRequested(app) && !deployWeb) {
    Annotations.of(stack).addWarningV2(
      'storyloom:no-web-build',
      'web/dist/index.html not found: the SPA bucket will be empty. Run `npm run build:web` before deploying.',
    );
  }
  if (config.sesFromAddress === DEFAULT_SES_FROM_ADDRESS) {
    Annotations.of(stack).addWarningV2(
      'storyloom:default-sender',
      'sesFromAddress is the placeholder no-reply@example.com: set -c sesFromAddress=<your verified sender>.',
    );
  }
  return stack;
}
