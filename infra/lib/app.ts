import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { privateFunctions, type RouteDef, type RouteGrants, routeId } from '@storyloom/functions/routes';
import { Annotations, type App, Aspects, Stack, Tags } from 'aws-cdk-lib';
import { bundlingRequested, handlerCode, handlerEntries, workerFunctionId } from './bundle.ts';
import { readConfig, type StoryloomConfig } from './config.ts';
import { EdgeFirewall } from './constructs/edge-firewall.ts';
import { InternalFunctionLogs } from './log-retention.ts';
import { REPO_ROOT } from './paths.ts';
import { StoryloomStack, type WorkerDef } from './storyloom-stack.ts';

export interface StoryloomAppProps {
  routes: readonly RouteDef[];
  /** The jobs worker, or every worker (one per queue). */
  worker: WorkerDef | readonly WorkerDef[];
  /** Where `STORYLOOM_*` settings are read from when the context has none. */
  env?: NodeJS.ProcessEnv;
  /**
   * The built SPA to upload; default `web/dist` when bundling and built. Tests that must see the app as
   * `cdk deploy` builds it (cdk-nag) pass a folder here, since they skip bundling.
   */
  webDist?: string;
}

export interface StoryloomApp {
  stack: StoryloomStack;
  /** The us-east-1 stack holding the CloudFront web ACL, when the app's region is another one. */
  edgeStack?: Stack;
  config: StoryloomConfig;
}

/** CloudFront takes web ACLs (and certificates) from this region only. */
export const EDGE_REGION = 'us-east-1';

/**
 * Adds the Storyloom stacks to an app: reads the configuration, bundles the handlers once (unless
 * the CLI or a test asked for no bundling) and checks each bundle against its route's grants, and
 * builds the stack from the route table. The CDK entry point and the template tests both go through here.
 *
 * The WAF web ACL of CloudFront must be created in us-east-1: in the main stack when that is its
 * region, otherwise in a small `Storyloom-<stage>-edge` stack there, passed over with CDK's
 * cross-region references (`cdk deploy --all` deploys it first).
 */
export async function defineStoryloomApp(app: App, props: StoryloomAppProps): Promise<StoryloomApp> {
  // Account and region from the CLI's profile; without one (offline synth) the app is laid out for us-east-1.
  const knownRegion = props.env?.CDK_DEFAULT_REGION ?? process.env.CDK_DEFAULT_REGION;
  const region = knownRegion ?? EDGE_REGION;
  const account = props.env?.CDK_DEFAULT_ACCOUNT ?? process.env.CDK_DEFAULT_ACCOUNT;
  const config = readConfig(app.node, props.env, knownRegion);
  const workers = [props.worker].flat() as WorkerDef[];
  const grants: Record<string, RouteGrants | undefined> = {
    ...Object.fromEntries(props.routes.map((route) => [routeId(route), route.grants])),
    ...Object.fromEntries(workers.map((worker) => [workerFunctionId(worker), worker.grants])),
    ...Object.fromEntries(privateFunctions.map((fn) => [fn.id, fn.grants])),
  };
  const code = await handlerCode(app, handlerEntries(props.routes, workers, privateFunctions), grants);
  const webDist = props.webDist ?? join(REPO_ROOT, 'web', 'dist');
  const deployWeb = (props.webDist !== undefined || bundlingRequested(app)) && existsSync(join(webDist, 'index.html'));
  const name = `Storyloom-${config.stage}`;

  let edgeStack: Stack | undefined;
  let webAclArn: string | undefined;
  if (config.waf && region !== EDGE_REGION) {
    edgeStack = new Stack(app, `${name}-edge`, {
      description: `Storyloom (${config.stage}): the CloudFront web ACL, which must live in ${EDGE_REGION}`,
      env: { account, region: EDGE_REGION },
      crossRegionReferences: true,
    });
    webAclArn = new EdgeFirewall(edgeStack, 'Firewall').webAcl.attrArn;
  }

  const stack = new StoryloomStack(app, name, {
    description: `Storyloom (${config.stage})`,
    env: { account, region },
    crossRegionReferences: Boolean(edgeStack),
    config,
    routes: props.routes,
    workers,
    code,
    webDist: deployWeb ? webDist : undefined,
    webAclArn,
    createWebAcl: config.waf && !edgeStack,
  });
  for (const s of [stack, edgeStack]) {
    if (!s) continue;
    Aspects.of(s).add(new InternalFunctionLogs());
    Tags.of(s).add('project', 'storyloom');
    Tags.of(s).add('stage', config.stage);
  }
  if (bundlingRequested(app) && !deployWeb) {
    Annotations.of(stack).addWarningV2(
      'storyloom:no-web-build',
      'web/dist/index.html not found: the SPA bucket will be empty. Run `npm run build:web` before deploying.',
    );
  }
  return { stack, edgeStack, config };
}
