import type { RouteDef } from '@storyloom/functions/routes';
import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute } from './router.ts';

const route = (method: RouteDef['method'], path: string): RouteDef => ({
  method,
  path,
  handler: path,
  auth: 'public',
  grants: {},
});
const table = compileRoutes([
  route('GET', '/api/stories/{id}'),
  route('POST', '/api/stories/{id}/share'),
  route('DELETE', '/api/shares/{shareId}'),
  route('GET', '/api/admin/stories'),
  route('GET', '/api/stories/shared'),
  route('GET', '/api/storage/secure-url/{path+}'),
]);

describe('local route matching (as API Gateway matches)', () => {
  it('fills path parameters, decoded', () => {
    expect(matchRoute(table, 'GET', '/api/stories/a%20b')).toEqual({
      kind: 'found',
      route: expect.objectContaining({ path: '/api/stories/{id}' }),
      pathParameters: { id: 'a b' },
    });
  });

  it('passes a malformed escape on as typed, for the handler to refuse with a 400', () => {
    const match = matchRoute(table, 'GET', '/api/stories/%E0%A4%A');
    expect(match.kind === 'found' && match.pathParameters).toEqual({ id: '%E0%A4%A' });
  });

  it('prefers a literal segment to a parameter', () => {
    const match = matchRoute(table, 'GET', '/api/stories/shared');
    expect(match.kind === 'found' && match.route.path).toBe('/api/stories/shared');
  });

  it('lets a greedy parameter take the rest of the path', () => {
    const match = matchRoute(table, 'GET', '/api/storage/secure-url/users/u1/avatar.png');
    expect(match.kind === 'found' && match.pathParameters).toEqual({ path: 'users/u1/avatar.png' });
  });

  it('tells a wrong method from an unknown path, and never matches a partial path', () => {
    expect(matchRoute(table, 'PUT', '/api/stories/1').kind).toBe('method-not-allowed');
    expect(matchRoute(table, 'GET', '/api/stories/1/share/extra').kind).toBe('not-found');
    expect(matchRoute(table, 'GET', '/api/stories/').kind).toBe('not-found');
    expect(matchRoute(table, 'GET', '/api/admin/stories.json').kind).toBe('not-found');
  });
});
