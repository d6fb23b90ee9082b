import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

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
 */
export const EXTERNAL_MODULES: readonly string[] = ['@aws-sdk/client-bedrock-runtime'];

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

/** Options for NodejsFunction. Source maps stay off unless asked for: they double bundle size and slow cold starts. */
export function cdkBundlingOptions(options: { sourceMap?: boolean } = {}): BundlingOptions {
  return {
    target: BUNDLE_SETTINGS.target,
    format: OutputFormat.ESM,
    minify: BUNDLE_SETTINGS.minify,
    sourceMap: options.sourceMap ?? false,
    mainFields: [...BUNDLE_SETTINGS.mainFields],
    externalModules: [...BUNDLE_SETTINGS.externalModules],
    banner: ESM_REQUIRE_BANNER,
    esbuildArgs: { '--legal-comments': BUNDLE_SETTINGS.legalComments },
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
    legalComments: BUNDLE_SETTINGS.legalComments,
    logLevel: 'silent',
  };
}
