import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CLASSIFIER_DATA_FILES, LANGUAGE_PACK_MODULES } from '../shared/domain/ticket/classifier/language-packs';
import { SWAGGER_UI_FILES, SWAGGER_UI_PACKAGE } from '../shared/docs/swagger-ui-files';
import { routeFlagsOf } from '../shared/http/route-flags';
import { notFoundRoute, routes } from '../shared/routes';

/**
 * The one description of how a handler is bundled. The stack (through NodejsFunction) and
 * `scripts/bench-bundles.ts` / the bundle-size test (through the esbuild API) both derive their
 * options from here, so what is measured is what is deployed.
 */

/** Repository root: NodejsFunction entries and the route table's `entry` paths are relative to it. */
export const REPO_ROOT = path.resolve(__dirname, '..');

/** esbuild target matching the Lambda runtime the stack deploys (nodejs22.x). */
export const NODE_TARGET = 'node22';

/**
 * ESM output cannot `require`, but some CommonJS dependencies inside the bundle still call it
 * (for Node built-ins); a module-scope `require` made by createRequire keeps them working.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __fleetdeskCreateRequire } from 'node:module';const require = __fleetdeskCreateRequire(import.meta.url);";

/**
 * Modules left out of every bundle and loaded at run time from the Lambda runtime instead:
 * - `@aws-sdk/client-bedrock-runtime`: only the Bedrock classifier uses it, through a dynamic
 *   `import()` that runs when CLASSIFIER=bedrock, and then from the SDK the nodejs22.x runtime
 *   provides. Bundled, it would add about a third to createTicket's size and cold import time on
 *   the default (embedded classifier) path, which never loads it. The adapter sends one Converse
 *   call; that API is stable across the runtime's SDK versions.
 * - `@aws-sdk/client-kms` and `@aws-sdk/client-sqs`: the crash-reporting sync opens connector
 *   tokens (KMS Decrypt) and fans jobs out (SQS SendMessageBatch) through a dynamic `import()` of
 *   the runtime's SDK, like Bedrock; neither is a dependency of this repository (tests use fakes).
 * - `@aws-sdk/client-cognito-identity-provider`: the console's team management (AdminCreateUser and
 *   group calls, shared/admin/users.ts) through a dynamic `import()`; a dependency for the operator
 *   CLI, which runs outside Lambda.
 * - the classifier's language packs (LANGUAGE_PACK_MODULES: Snowball stemmers and stopword lists
 *   per language): imported on first use per language and installed next to the bundle of the
 *   functions that classify (`nodeModules`), so an English ticket never loads German, Spanish or
 *   French and the bundle carries none of them.
 */
export const EXTERNAL_MODULES: readonly string[] = ['@aws-sdk/client-bedrock-runtime', '@aws-sdk/client-kms', '@aws-sdk/client-sqs', '@aws-sdk/client-cognito-identity-provider', ...LANGUAGE_PACK_MODULES, SWAGGER_UI_PACKAGE];

/**
 * Shared settings. `mainFields` prefers the `module` build so esbuild can tree-shake the AWS SDK's
 * ESM distribution. Everything else is bundled, the SDK included: the SDK version in the runtime
 * image is not the one we test against, and a bundled SDK is also faster to load than the
 * runtime's full copy.
 */
export const BUNDLE_SETTINGS = {
  target: NODE_TARGET,
  minify: true,
  mainFields: ['module', 'main'],
  externalModules: [...EXTERNAL_MODULES],
  legalComments: 'none',
} as const;

/** The per-language ES modules the classifier imports: `<package>/dist/<code>.js` (the packages' `import` export for each language). */
const LANGUAGE_FILES = ['en', 'de', 'es', 'fr'] as const;

/**
 * Shell commands that copy the language packs from this checkout's node_modules next to the
 * bundle: each package's package.json (for its `exports` map) and the ESM file of each language
 * used, a few KB each. Copying, not `nodeModules` (an npm install at synth time), keeps synth
 * offline and the asset to what is loaded.
 */
export function languagePackCopyCommands(inputDir: string, outputDir: string): string[] {
  return LANGUAGE_PACK_MODULES.flatMap((pkg) => {
    const from = path.posix.join(inputDir, 'node_modules', pkg);
    const to = path.posix.join(outputDir, 'node_modules', pkg);
    return [
      `mkdir -p "${to}/dist"`,
      `cp "${from}/package.json" "${to}/package.json"`,
      ...LANGUAGE_FILES.map((code) => `cp "${from}/dist/${code}.js" "${to}/dist/${code}.js"`),
    ];
  });
}

/**
 * Shell commands that copy the classifier's data files (CLASSIFIER_DATA_FILES: the support
 * vocabulary) next to the bundle, where shared/domain/ticket/classifier/vocabulary-file.ts reads
 * them at run time; shipped with the language packs, to the same handlers.
 */
export function classifierDataCopyCommands(inputDir: string, outputDir: string): string[] {
  return CLASSIFIER_DATA_FILES.map((file) => `cp "${path.posix.join(inputDir, file)}" "${path.posix.join(outputDir, path.posix.basename(file))}"`);
}

/**
 * Shell commands that copy the Swagger UI files the docs page serves (shared/docs/swagger-ui-files.ts)
 * next to the bundle, with the package's package.json so `require.resolve` finds them: about 2 MB
 * read at run time instead of 2 MB of strings in the bundle, and no CDN.
 */
export function docsAssetCopyCommands(inputDir: string, outputDir: string): string[] {
  const from = path.posix.join(inputDir, 'node_modules', SWAGGER_UI_PACKAGE);
  const to = path.posix.join(outputDir, 'node_modules', SWAGGER_UI_PACKAGE);
  return [`mkdir -p "${to}"`, ...['package.json', ...Object.keys(SWAGGER_UI_FILES)].map((file) => `cp "${from}/${file}" "${to}/${file}"`)];
}

/**
 * Packages replaced in the MCP function's bundle (esbuild `alias`): Ajv and its formats, which the MCP
 * SDK's `Server` imports only to validate elicitation answers, a server-to-client request that the
 * stateless JSON-response server never sends (shared/mcp/server.ts passes its own validator; the stub
 * throws if ever constructed). 147 KiB of the MCP bundle (2.39x the floor down to 1.93x). The path is relative to the project
 * root, esbuild's working directory for the bench, the tests and the stack's local bundling.
 */
export const MCP_BUNDLE_ALIASES: Readonly<Record<string, string>> = { ajv: './shared/mcp/ajv-stub.ts', 'ajv-formats': './shared/mcp/ajv-stub.ts' };

/**
 * Packages replaced in every bundle (esbuild `alias`, paths relative to the project root like the MCP
 * ones): `@aws-sdk/lib-dynamodb` by its commands and DynamoDBDocumentClient alone
 * (shared/db/lib-dynamodb.bundle.mjs). The package's index also re-exports its paginators, built by
 * top-level calls that esbuild keeps, and with them the Scan command: about 1.6 KB of every bundle
 * that uses the table, for functions the repository never calls.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = { '@aws-sdk/lib-dynamodb': './shared/db/lib-dynamodb.bundle.mjs' };

const isMcpEntry = (entry: string) => routes.some((r) => r.kind === 'mcp' && r.entry === entry);

/** The aliases of a function's bundle: {@link BUNDLE_ALIASES}, and for the MCP function {@link MCP_BUNDLE_ALIASES} as well. */
export function bundleAliases(entry: string | undefined): Record<string, string> {
  return { ...BUNDLE_ALIASES, ...(entry && isMcpEntry(entry) ? MCP_BUNDLE_ALIASES : {}) };
}

/**
 * The routes a function bundled from `entry` serves: the routes naming that entry, and for the
 * not-found fallback the routes whose trailing-slash forms it serves with their own handlers.
 */
export function routesServedBy(entry: string): typeof routes {
  if (entry === notFoundRoute.entry) return routes.filter((r) => (notFoundRoute.slashForms as readonly string[]).includes(r.id));
  return routes.filter((r) => r.entry === entry);
}

/**
 * esbuild `define`s of a function's bundle (shared/http/route-flags.ts): its routes' flags instead of
 * the whole route table, and whether any of them takes a person's session or Idempotency-Key, so
 * the handler factory's code for a flag none of them has is dropped. Workers and ingestion functions
 * serve no route: their defines say so (none of that code either).
 */
export function bundleDefines(entry: string): Record<string, string> {
  const served = routesServedBy(entry);
  return {
    'globalThis.__FLEETDESK_ROUTE_FLAGS__': JSON.stringify(JSON.stringify(served.map(routeFlagsOf))),
    'globalThis.__FLEETDESK_USER_ROUTES__': String(served.some((r) => r.auth === 'user')),
    'globalThis.__FLEETDESK_IDEMPOTENT_ROUTES__': String(served.some((r) => r.idempotent === true)),
    // Every bundle runs in Lambda, where chat notices are delivered from the table's stream, never in process.
    'globalThis.__FLEETDESK_LAMBDA_BUNDLE__': 'true',
  };
}

/**
 * Options for NodejsFunction. Source maps stay off unless asked for: they double bundle size and
 * slow cold starts. `languagePacks` puts LANGUAGE_PACK_MODULES' language files and the classifier's
 * data files next to the bundle for the handlers that classify ticket text; `docsAssets` the Swagger UI files for the docs page.
 */
export function cdkBundlingOptions(options: { sourceMap?: boolean; languagePacks?: boolean; docsAssets?: boolean; entry?: string } = {}): BundlingOptions {
  const copy = (inputDir: string, outputDir: string) => [
    ...(options.languagePacks ? [...languagePackCopyCommands(inputDir, outputDir), ...classifierDataCopyCommands(inputDir, outputDir)] : []),
    ...(options.docsAssets ? docsAssetCopyCommands(inputDir, outputDir) : []),
  ];
  return {
    ...(options.languagePacks || options.docsAssets
      ? { commandHooks: { beforeBundling: () => [], beforeInstall: () => [], afterBundling: copy } }
      : {}),
    target: BUNDLE_SETTINGS.target,
    format: OutputFormat.ESM,
    minify: BUNDLE_SETTINGS.minify,
    sourceMap: options.sourceMap ?? false,
    mainFields: [...BUNDLE_SETTINGS.mainFields],
    externalModules: [...BUNDLE_SETTINGS.externalModules],
    banner: ESM_REQUIRE_BANNER,
    ...(options.entry ? { define: bundleDefines(options.entry) } : {}),
    esbuildArgs: {
      '--legal-comments': BUNDLE_SETTINGS.legalComments,
      ...Object.fromEntries(Object.entries(bundleAliases(options.entry)).map(([from, to]) => [`--alias:${from}`, to])),
    },
  };
}

/** The same bundle through esbuild's JS API (for the bench script and the size test). */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [path.resolve(REPO_ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_SETTINGS.target,
    minify: BUNDLE_SETTINGS.minify,
    sourcemap: false,
    mainFields: [...BUNDLE_SETTINGS.mainFields],
    external: [...BUNDLE_SETTINGS.externalModules],
    banner: { js: ESM_REQUIRE_BANNER },
    define: bundleDefines(entry),
    alias: bundleAliases(entry),
    absWorkingDir: REPO_ROOT,
    legalComments: BUNDLE_SETTINGS.legalComments,
    logLevel: 'silent',
  };
}
