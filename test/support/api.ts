import path from 'node:path';
import { startHttpServer } from '../../shared/local/server';
import type { RouteDefinition } from '../../shared/routes';

export interface ApiResponse {
  status: number;
  body: Record<string, unknown> & { error?: string };
  /** The response headers; not enumerable, so `toEqual({ status, body })` keeps comparing status and body only. */
  readonly headers: Headers;
}

/**
 * The local stack's HTTP server on a free port, for end-to-end tests: real HTTP, the route
 * table, the same handler exports Lambda runs, against this file's DynamoDB Local table.
 */
export function useLocalApi() {
  const state: { url: string; close?: () => Promise<void> } = { url: '' };
  beforeAll(async () => {
    const server = await startHttpServer({ port: 0, rootDir: path.resolve(__dirname, '../..') });
    state.url = server.url;
    state.close = server.close;
  });
  afterAll(async () => state.close?.());

  /** Sends a request; `body` as a string is sent raw, anything else as JSON. */
  async function call(
    method: RouteDefinition['method'],
    route: string,
    options: { apiKey?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
    let payload: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${state.url}${route}`, { method, headers, body: payload });
    const text = await res.text();
    let body: ApiResponse['body'];
    try {
      body = JSON.parse(text) as ApiResponse['body'];
    } catch {
      throw new Error(`Non-JSON response ${res.status} for ${method} ${route}: ${text.slice(0, 200)}`);
    }
    const response = { status: res.status, body } as ApiResponse;
    Object.defineProperty(response, 'headers', { value: res.headers, enumerable: false });
    return response;
  }

  /** Sends a request and returns the raw answer, for routes that answer something other than JSON (pages, assets). */
  async function raw(method: RouteDefinition['method'], route: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const res = await fetch(`${state.url}${route}`, { method, headers: init.headers, body: init.body });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', headers: res.headers, text: await res.text() };
  }

  return {
    call,
    raw,
    /** The server's base URL (`http://localhost:<port>`), once started. */
    url: () => state.url,
    post: (route: string, apiKey: string, body?: unknown) => call('POST', `/api/ext-v1${route}`, { apiKey, body }),
    get: (route: string, apiKey: string) => call('GET', `/api/ext-v1${route}`, { apiKey }),
  };
}
