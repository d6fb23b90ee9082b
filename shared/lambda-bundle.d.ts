/**
 * `true` in a Lambda bundle (esbuild `define`, lib/bundling.ts `bundleDefines`); unset when the source
 * runs as is (the local stack, tests, scripts). Code that only the local stack needs sits behind
 * `globalThis.__FLEETDESK_LAMBDA_BUNDLE__ === true`, which esbuild folds away in bundles. One declaration
 * for every module that reads it (tsconfig.json includes `shared`).
 */
declare var __FLEETDESK_LAMBDA_BUNDLE__: boolean | undefined;
