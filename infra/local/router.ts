import type { RouteDef } from '@storyloom/functions/routes';

export interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

/** Compiles API Gateway path syntax (`{id}`, greedy `{path+}`) into matchers. */
export function compileRoutes(routes: readonly RouteDef[]): CompiledRoute[] {
  return routes.map((route) => {
    const params: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const m = /^\{(\w+)(\+?)\}$/.exec(segment);
        if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        params.push(m[1]!);
        return m[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), params };
  });
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

/** Finds the route for a method and path, as API Gateway does (literal segments before parameters). */
export function matchRoute(compiled: CompiledRoute[], method: string, path: string): RouteMatch {
  let pathMatched = false;
  const candidates = compiled
    .map((c) => ({ c, m: c.pattern.exec(path) }))
    .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => a.c.params.length - b.c.params.length);
  for (const { c, m } of candidates) {
    pathMatched = true;
    if (c.route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    c.params.forEach((name, i) => {
      pathParameters[name] = decodePathSegment(m[i + 1]!);
    });
    return { kind: 'found', route: c.route, pathParameters };
  }
  return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
}

/**
 * API Gateway decodes path parameters. A malformed escape (`%E0%A4%A`) is passed on as typed, not
 * thrown: the handler platform answers it with a 400 (functions/src/lib/http.ts), as in AWS.
 */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
