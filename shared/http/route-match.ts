import type { RouteDefinition } from '../routes';

/** What matching needs of a route: its method and path template (a full route-table entry or a bundle's route flags). */
type Matchable = Pick<RouteDefinition, 'method' | 'path'>;

/**
 * Path-template matching shared by the local router (every route) and route groups behind one greedy
 * API Gateway route (the console's API): `{name}` matches one non-empty segment, URL-decoded as API
 * Gateway decodes path parameters.
 */
export interface CompiledRoute<R extends Matchable = RouteDefinition> {
  route: R;
  pattern: RegExp;
  params: string[];
}

export function compile<R extends Matchable>(route: R): CompiledRoute<R> {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(match[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), params };
}

/** URL-decodes a path segment; a malformed escape (`%E0%A4%A`) is passed on raw instead of failing the request. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Finds the route for a method and path; path parameters are URL-decoded as API Gateway does. */
export function matchRoute<R extends Matchable>(compiled: readonly CompiledRoute<R>[], method: string, pathname: string) {
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    c.params.forEach((name, i) => {
      pathParameters[name] = decodeSegment(m[i + 1] as string);
    });
    return { route: c.route, pathParameters };
  }
  return undefined;
}
