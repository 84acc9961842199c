import { readFileSync } from 'node:fs';
import { worker as jobsWorker, mediaWorker, type RouteDef, routeId, type WorkerDef } from '@storyloom/functions/routes';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { defineStoryloomApp } from '../lib/app.ts';

const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

type Resource = { Type: string; Properties: Record<string, unknown> } & Record<string, unknown>;

/** A sender that passes the placeholder check, for every synth of the tests. */
export const TEST_SENDER = 'hello@storyloom.app';

export interface SynthOptions {
  workers?: readonly WorkerDef[];
  /** CDK_DEFAULT_REGION / CDK_DEFAULT_ACCOUNT as the CLI would set them. */
  region?: string;
  account?: string;
  /** Runs before synthesis, e.g. to add validation plugins (cdk-nag). */
  beforeSynth?: (app: App) => void;
}

/**
 * Synthesizes the app as `cdk synth` would, minus bundling and the built-in CloudFormation
 * validation (the slow parts): about half a second.
 */
export async function synth(
  routes: readonly RouteDef[],
  context: Record<string, unknown> = {},
  options: SynthOptions = {},
) {
  const app = new App({
    context: { ...cdkContext, sesFromAddress: TEST_SENDER, ...context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const env: NodeJS.ProcessEnv = {};
  if (options.region) env.CDK_DEFAULT_REGION = options.region;
  if (options.account) env.CDK_DEFAULT_ACCOUNT = options.account;
  const { stack, edgeStack } = await defineStoryloomApp(app, {
    routes,
    worker: options.workers ?? [jobsWorker, mediaWorker],
    env,
  });
  options.beforeSynth?.(app);
  const root = Template.fromStack(stack);
  const nested = stack.routes.stacks.map((s) => Template.fromStack(s));
  const templates = [root, ...nested];
  /** Every resource of a type, across the root and the nested stacks. */
  const resources = (type: string): Resource[] =>
    templates.flatMap((t) => Object.values(t.findResources(type)) as Resource[]);
  /** The role policy statements of one route's function (found by its description, the route key). */
  const routePolicy = (route: Pick<RouteDef, 'method' | 'path'>) => functionPolicy(`${route.method} ${route.path}`);
  const functionPolicy = (description: string) => {
    for (const template of templates) {
      const json = template.toJSON() as { Resources: Record<string, Resource> };
      const fnEntry = Object.entries(json.Resources).find(
        ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === description,
      );
      if (!fnEntry) continue;
      const role = (fnEntry[1].Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = Object.values(json.Resources)
        .filter(
          (r) =>
            r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role),
        )
        .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
      return statements;
    }
    throw new Error(`no function "${description}"`);
  };
  return { app, stack, edgeStack, root, nested, templates, resources, routePolicy, functionPolicy };
}

export interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
  Effect: string;
}

/** Every action of a set of statements. */
export const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());

/** A plausible route table of `count` entries, every auth kind, for the resource-limit tests. */
export function syntheticRoutes(count: number): RouteDef[] {
  const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
  const auths = ['public', 'user', 'user', 'admin'] as const;
  return Array.from({ length: count }, (_, i) => ({
    method: methods[i % methods.length]!,
    path: `/api/area${Math.floor(i / 4)}/{id}`,
    handler: `synthetic/handler-${i}`,
    auth: auths[i % auths.length]!,
    grants: { table: i % 2 ? 'read' : 'readwrite' },
  }));
}

export { routeId };
