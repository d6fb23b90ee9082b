import type { RouteDefinition } from '../routes';

/**
 * Path-template matching shared by the local router (every route) and route groups behind one greedy
 * API Gateway route (the console's API): `{name}` matches one non-empty segment, URL-decoded as API
 * Gateway decodes path parameters.
 */
export interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  params: string[];
}

export function compile(route: RouteDefinition): CompiledRoute {
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
export function matchRoute(compiled: readonly CompiledRoute[], method: string, pathname: string) {
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
