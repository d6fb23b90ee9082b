// What a Lambda bundle gets for `@aws-sdk/lib-dynamodb` (lib/bundling.ts, BUNDLE_ALIASES): the
// package's commands and DynamoDBDocumentClient, without its `pagination` and `DynamoDBDocument`
// modules. The package's index re-exports `paginateQuery = createPaginator(...)` and
// `paginateScan = ...`: top-level calls esbuild must keep (the package declares no `sideEffects`),
// and with them the Scan command, its schemas and the paginator helper, in every bundle that reads
// or writes the table (about 1.6 KB). Nothing in the repository paginates through them or uses the
// aggregated `DynamoDBDocument`; importing either from a bundle fails the build ("No matching export").
// Plain JavaScript, bundled only: type checking and the tests use the package itself.
export * from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/index.js';
export * from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/DynamoDBDocumentClient.js';
export { NumberValueImpl as NumberValue } from '@aws-sdk/util-dynamodb';
