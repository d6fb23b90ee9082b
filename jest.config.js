/** Jest runs TypeScript through ts-jest (transpile only; `npm run typecheck` does the type check).
 *  middy 6 and aedes 1 ship ESM only, so they are transformed to CommonJS like our own sources. */
// Tests run on Node 20 by design (Lambda runs 22); silence the SDK's Node 20 notice in every process.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.[tj]s$': [
      'ts-jest',
      {
        tsconfig: { module: 'commonjs', moduleResolution: 'node10', allowJs: true, isolatedModules: true, ignoreDeprecations: '5.0' },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@middy|aedes)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/per-file-env.ts'],
  maxWorkers: 2,
  testTimeout: 30000,
};
