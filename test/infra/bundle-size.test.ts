import path from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions, REPO_ROOT } from '../../lib/bundling';
import { notFoundRoute, routes, workers } from '../../shared/routes';
import { bundle, bundleTargets, type BundleResult } from '../../scripts/bench/bundles';

const KiB = 1024;

/**
 * Absolute byte budget for every minified ESM handler bundle (same esbuild options as the
 * stack), with no exceptions. Measured: floor (DynamoDB client + GetItem) 323 KiB; API handlers
 * 381-400 KiB (createTicket the largest); the chat-notifier worker 374 KiB. 440 KiB leaves about
 * 10% over the largest: room for normal growth, none for a new heavy dependency (a second SDK
 * client, a date or validation library, ...).
 */
const HANDLER_BUDGET = 440 * KiB;

describe('bundle budget', () => {
  let bundles: BundleResult[] = [];
  beforeAll(async () => {
    bundles = await bundle(bundleTargets());
  }, 60_000);

  test('every route, worker and the not-found handler is bundled', () => {
    const entries = new Set(bundles.map((b) => b.entry));
    for (const d of [...routes, ...workers, notFoundRoute]) expect(entries).toContain(d.entry);
  });

  test.each(bundleTargets().map((t) => [t.name, t.entry] as const))('%s stays within the byte budget', (_name, entry) => {
    const b = bundles.find((x) => x.entry === entry) as BundleResult;
    expect(b.bytes).toBeGreaterThan(0);
    expect(b.bytes).toBeLessThanOrEqual(HANDLER_BUDGET);
  });

  test('createTicket carries no SQS client and leaves the Bedrock SDK to a runtime import()', async () => {
    const entry = routes.find((r) => r.id === 'CreateTicket')?.entry as string;
    const out = await build({ ...esbuildOptions(entry, path.join(REPO_ROOT, '.bench/memory/create-ticket.mjs')), write: false });
    const code = out.outputFiles?.[0]?.text ?? '';
    expect(code).toContain('import("@aws-sdk/client-bedrock-runtime")');
    // The client's service id: present whenever any of the client is bundled.
    expect(code).not.toContain('AmazonBedrockFrontendService');
    expect(code).not.toMatch(/AmazonSQS|SendMessageCommand/);
  }, 60_000);
});
