import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type RouteDef, routeId } from '@storyloom/functions/routes';
import { NestedStack } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { HandlerCode } from '../bundle.ts';
import { acknowledge } from '../nag.ts';
import { StoryloomFunction } from './storyloom-function.ts';

/**
 * Nested stacks the routes are spread over. A route's stack comes from a hash of its route key,
 * never from its position in the table, so adding a route never moves another one (a move would
 * create the route key in one stack before the other deletes it, and API Gateway rejects the
 * duplicate). Changing this number moves routes: do it in two deploys (remove, then re-add).
 */
export const ROUTE_STACK_COUNT = 4;

/** API Gateway stops waiting for an integration after 30 s, whatever the Lambda's own timeout. */
const HTTP_API_MAX_TIMEOUT_SECONDS = 30;

/** About 7 resources per route; 60 keeps a stack near 420 of CloudFormation's 500. */
export const MAX_ROUTES_PER_STACK = 60;

export interface ApiRoutesProps {
  httpApi: IHttpApi;
  routes: readonly RouteDef[];
  /** Used on every route whose `auth` is not `public`. */
  authorizer: IHttpRouteAuthorizer;
  code: HandlerCode;
  /** Gives each route function its environment and the permissions its route declares. */
  bind: (fn: StoryloomFunction, route: RouteDef) => void;
  retainLogs: boolean;
}

/** The stack group (0 … ROUTE_STACK_COUNT-1) of a route: FNV-1a of `METHOD path`. */
export function routeStackIndex(route: Pick<RouteDef, 'method' | 'path'>, count = ROUTE_STACK_COUNT): number {
  let hash = 0x811c9dc5;
  for (const char of `${route.method} ${route.path}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

/** One Lambda and one HTTP API route per route-table entry, spread over nested stacks. */
export class ApiRoutes extends Construct {
  readonly stacks: NestedStack[] = [];
  readonly functions: StoryloomFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    const groups = new Map<number, RouteDef[]>();
    for (const route of props.routes) {
      const index = routeStackIndex(route);
      groups.set(index, [...(groups.get(index) ?? []), route]);
    }

    const noAuth = new HttpNoneAuthorizer();
    for (const [index, routes] of [...groups].sort(([a], [b]) => a - b)) {
      if (routes.length > MAX_ROUTES_PER_STACK) {
        throw new Error(
          `Route stack ${index} would hold ${routes.length} routes (max ${MAX_ROUTES_PER_STACK}); raise ROUTE_STACK_COUNT (see its note)`,
        );
      }
      const stack = new NestedStack(this, `Routes${index}`, {
        description: `Storyloom API routes, group ${index}`,
      });
      this.stacks.push(stack);
      for (const route of routes) {
        const functionId = routeId(route);
        const routeKey = `${route.method} ${route.path}`;
        const timeoutSeconds = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
        if (timeoutSeconds > HTTP_API_MAX_TIMEOUT_SECONDS) {
          throw new Error(
            `${routeKey}: timeout ${timeoutSeconds} s exceeds the HTTP API's 30 s; move the work to the worker`,
          );
        }
        const fn = new StoryloomFunction(stack, functionId, {
          code: props.code(functionId),
          description: routeKey,
          timeoutSeconds,
          memoryMb: route.memoryMb ?? DEFAULT_MEMORY_MB,
          retainLogs: props.retainLogs,
        });
        props.bind(fn, route);
        this.functions.push(fn);
        const httpRoute = new HttpRoute(stack, `${functionId}-route`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration: new HttpLambdaIntegration(`${functionId}-integration`, fn),
          authorizer: route.auth === 'public' ? noAuth : props.authorizer,
        });
        if (route.auth === 'public') {
          acknowledge(
            httpRoute,
            'AwsSolutions-APIG4',
            'public by the product spec (sign-up, login, public stories, share links); reached only through CloudFront and its WAF, throttled per route',
          );
        }
      }
    }
  }
}
