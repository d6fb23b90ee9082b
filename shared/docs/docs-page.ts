import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { NotFoundError } from '../domain/errors';
import { NOT_FOUND_ROUTE, RawResponse } from '../http/response';
import { API_PREFIX } from '../routes';
import { DOCS_INIT_SCRIPT, SWAGGER_UI_FILES, SWAGGER_UI_PACKAGE, type SwaggerUiFile } from './swagger-ui-files';

/**
 * The readable API docs: Swagger UI (from the `swagger-ui-dist` package shipped with the
 * function, never a CDN, so the page works offline) rendering the generated OpenAPI document.
 */

const DOCS_PATH = `${API_PREFIX}/docs`;

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Fleetdesk External API v1</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/${DOCS_INIT_SCRIPT}"></script>
</body>
</html>
`;

// An external script rather than an inline one, so the page runs under a CSP without 'unsafe-inline' scripts.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '${API_PREFIX}/openapi.json', dom_id: '#swagger-ui', deepLinking: true, presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout' });\n`;

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

/** The package files, read once per cold start, with their gzip form (the bundle is 1.7 MB as text, about 0.5 MB gzipped). */
const cache = new Map<SwaggerUiFile, { raw: Buffer; gzip: Buffer }>();

function packageFile(name: SwaggerUiFile) {
  let file = cache.get(name);
  if (!file) {
    // Resolved at run time: the files sit in node_modules locally, and next to the bundle in Lambda (lib/bundling.ts).
    const dir = path.dirname(require.resolve(`${SWAGGER_UI_PACKAGE}/package.json`));
    const raw = readFileSync(path.join(dir, name));
    file = { raw, gzip: gzipSync(raw) };
    cache.set(name, file);
  }
  return file;
}

/** GET /docs: the HTML page. */
export function docsPage(): RawResponse {
  return new RawResponse({ statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS }, body: PAGE });
}

/** GET /docs/{asset}: a Swagger UI file or the start-up script, gzipped when the client takes it; 404 `Not found` otherwise. */
export function docsAsset(name: string, acceptEncoding = ''): RawResponse {
  const headers = { 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' };
  if (name === DOCS_INIT_SCRIPT) {
    return new RawResponse({ statusCode: 200, headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' }, body: INIT_SCRIPT });
  }
  if (!Object.hasOwn(SWAGGER_UI_FILES, name)) throw new NotFoundError(NOT_FOUND_ROUTE);
  const file = packageFile(name as SwaggerUiFile);
  const contentType = SWAGGER_UI_FILES[name as SwaggerUiFile];
  const gzip = /\bgzip\b/.test(acceptEncoding);
  return new RawResponse({
    statusCode: 200,
    headers: { ...headers, 'content-type': contentType, vary: 'accept-encoding', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    body: (gzip ? file.gzip : file.raw).toString('base64'),
    isBase64Encoded: true,
  });
}
