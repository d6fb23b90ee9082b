/**
 * The files of `swagger-ui-dist` the docs page serves. No imports: the CDK bundling code
 * (lib/bundling.ts) reads this to copy exactly these files next to the docs function's bundle,
 * and the handler (shared/docs/docs-page.ts) to serve them, so the page needs no CDN.
 */
export const SWAGGER_UI_PACKAGE = 'swagger-ui-dist';

/** File name → content type. */
export const SWAGGER_UI_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;
export type SwaggerUiFile = keyof typeof SWAGGER_UI_FILES;

/** Handler entries that serve the files (test/infra/bundle-size.test.ts checks they read them at run time, not from the bundle). */
export const DOCS_ENTRIES: readonly string[] = ['functions/http/docs/docs-page.ts'];

/** The page's own start-up script (points Swagger UI at the generated document), served beside the package files. */
export const DOCS_INIT_SCRIPT = 'init.js';

/** Every asset name GET /docs/{asset} serves. */
export const DOCS_ASSET_NAMES: readonly string[] = [...Object.keys(SWAGGER_UI_FILES), DOCS_INIT_SCRIPT];
