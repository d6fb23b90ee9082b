import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions, REPO_ROOT } from '../../lib/bundling';
import { ingestion, notFoundRoute, queueWorkers, routes, schedules, workers } from '../../shared/routes';
import { STREAM_DISPATCHER } from '../../shared/workers/stream-dispatch';

/** One thing to bundle: a handler entry (with the route/worker ids it serves) or the floor. */
export interface BundleTarget {
  name: string;
  entry: string;
  kind: 'floor' | 'api' | 'worker' | 'ingest';
  ids: string[];
}

/** `functions/http/device/get-device.ts` -> `http/device/get-device`: unique, and readable in a table. */
const targetName = (entry: string) => entry.replace(/^functions\//, '').replace(/\.ts$/, '');

export const FLOOR_ENTRY = 'scripts/bench/floor-handler.ts';

/**
 * Every distinct handler entry of the route table, the not-found fallback, the worker and ingestion lists, plus the floor.
 * Routes sharing an entry (getCustomer with and without id) are one bundle: the bytes are identical.
 */
export function bundleTargets(): BundleTarget[] {
  const byEntry = new Map<string, BundleTarget>();
  for (const r of [...routes, notFoundRoute]) {
    const t = byEntry.get(r.entry) ?? { name: targetName(r.entry), entry: r.entry, kind: 'api' as const, ids: [] };
    t.ids.push(r.id);
    byEntry.set(r.entry, t);
  }
  // Schedules and queue-fed workers are Lambdas too, with the same budget.
  for (const w of [...workers, ...schedules, ...queueWorkers, STREAM_DISPATCHER]) {
    const t = byEntry.get(w.entry) ?? { name: targetName(w.entry), entry: w.entry, kind: 'worker' as const, ids: [] };
    t.ids.push(w.id);
    byEntry.set(w.entry, t);
  }
  for (const i of ingestion) {
    const t = byEntry.get(i.entry) ?? { name: targetName(i.entry), entry: i.entry, kind: 'ingest' as const, ids: [] };
    t.ids.push(i.id);
    byEntry.set(i.entry, t);
  }
  return [{ name: 'floor', entry: FLOOR_ENTRY, kind: 'floor', ids: [] }, ...byEntry.values()];
}

/**
 * Issue 21's size budgets, as multiples of the floor's bytes, by what a function is:
 * - `request`: on an integrator's or a person's request path (every API route, the route groups, the not-found fallback);
 * - `worker`: stream and queue workers, schedules, the IoT rule's ingestion;
 * - `docs`: the public API description and its docs page (they carry every schema, that is their job);
 * - `s3Ingest`: the S3 backfill ingestion (it carries the S3 client, gunzip and csv-parse);
 * - `mcp`: the MCP tool server (the MCP SDK's protocol, transport and zod-to-JSON-Schema on top of the tools' services).
 */
export const SIZE_GOALS = { request: 1.25, worker: 1.3, docs: 1.5, s3Ingest: 1.9, mcp: 2.0 } as const;
export type BudgetClass = keyof typeof SIZE_GOALS;

/** Which budget a bundle answers to (from the route table: MCP by `kind`, the docs by `auth: 'none'`; S3 ingestion by source). */
export function budgetClass(target: BundleTarget): BudgetClass | undefined {
  if (target.kind === 'floor') return undefined;
  if (target.kind === 'worker') return 'worker';
  if (target.kind === 'ingest') return ingestion.some((i) => i.entry === target.entry && i.source === 's3') ? 's3Ingest' : 'worker';
  const served = routes.filter((r) => r.entry === target.entry);
  if (served.some((r) => r.kind === 'mcp')) return 'mcp';
  if (served.length > 0 && served.every((r) => r.auth === 'none')) return 'docs';
  return 'request';
}

export interface BundleResult extends BundleTarget {
  bytes: number;
  /** Absolute path of the written bundle, or undefined when bundled in memory. */
  file?: string;
  /** The input files with bytes in the bundle (esbuild's metafile), relative to the working directory. */
  inputs: string[];
}

/**
 * Bundles each target with the stack's esbuild options. With `outDir`, writes
 * `<outDir>/<name>/index.mjs` (so the bundle can be imported); without, keeps it in memory.
 */
export async function bundle(targets: readonly BundleTarget[], outDir?: string): Promise<BundleResult[]> {
  return Promise.all(
    targets.map(async (t) => {
      // esbuild needs an output path even in memory; it is never written then.
      const file = path.resolve(REPO_ROOT, outDir ?? '.bench/memory', t.name, 'index.mjs');
      if (outDir) mkdirSync(path.dirname(file), { recursive: true });
      const result = await build({ ...esbuildOptions(t.entry, file), write: outDir !== undefined, metafile: true });
      const bytes = outDir ? statSync(file).size : (result.outputFiles?.[0]?.contents.byteLength ?? 0);
      // Inputs esbuild read but tree-shook to nothing are not in the bundle.
      const output = Object.values(result.metafile?.outputs ?? {})[0];
      const inputs = Object.entries(output?.inputs ?? {}).filter(([, v]) => v.bytesInOutput > 0).map(([name]) => name);
      return { ...t, bytes, file: outDir ? file : undefined, inputs };
    }),
  );
}

