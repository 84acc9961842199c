import { readFileSync } from 'node:fs';
import { type RouteDef, worker } from '@storyloom/functions/routes';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { defineStoryloomApp } from '../lib/app.ts';

const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

type Resource = { Type: string; Properties: Record<string, unknown> } & Record<string, unknown>;

/**
 * Synthesizes the app as `cdk synth` would, minus bundling and the built-in CloudFormation
 * validation (the slow parts): about half a second.
 */
export async function synth(routes: readonly RouteDef[], context: Record<string, unknown> = {}) {
  const app = new App({
    context: { ...cdkContext, ...context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const stack = await defineStoryloomApp(app, { routes, worker, env: {} });
  const root = Template.fromStack(stack);
  const nested = stack.routes.stacks.map((s) => Template.fromStack(s));
  const templates = [root, ...nested];
  /** Every resource of a type, across the root and the nested stacks. */
  const resources = (type: string): Resource[] =>
    templates.flatMap((t) => Object.values(t.findResources(type)) as Resource[]);
  return { stack, root, nested, templates, resources };
}

/** A plausible route table of `count` entries, every auth kind, for the resource-limit tests. */
export function syntheticRoutes(count: number): RouteDef[] {
  const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
  const auths = ['public', 'user', 'user', 'admin'] as const;
  return Array.from({ length: count }, (_, i) => ({
    method: methods[i % methods.length]!,
    path: `/api/area${Math.floor(i / 4)}/{id}`,
    handler: `synthetic/handler-${i}`,
    auth: auths[i % auths.length]!,
  }));
}
