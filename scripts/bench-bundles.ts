/**
 * Bundle budget: bundles every route and worker handler with the stack's esbuild options
 * (lib/bundling.ts) plus a floor handler that only does a DynamoDB GetItem, then reports each
 * bundle's size and cold import time as ratios to the floor.
 *
 *   npm run bench:bundles [-- --runs 7] [-- --strict]
 *
 * Import time is measured inside a fresh `node` process per sample (module cache cold, like a
 * Lambda init), from just before `import()` to its resolution; the median of --runs samples is
 * reported (plus the CPU time of the same imports, which shared machines disturb far less).
 * Samples are interleaved across handlers so background load skews all of them alike.
 * Size goals by kind of function (issue 21; scripts/bench/bundles.ts, SIZE_GOALS): request path <= 1.25x,
 * workers <= 1.3x, the public docs functions <= 1.5x, the S3 ingestion <= 1.9x, MCP <= 2.0x the floor;
 * API handlers' cold import <= 1.25x the floor's. test/infra/bundle-size.test.ts keeps the size budgets.
 * --strict exits 1 when a bundle misses its goal.
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../shared/domain/ticket/notification/chat-delivery';
import { budgetClass, bundle, bundleTargets, SIZE_GOALS, type BundleResult } from './bench/bundles';

export const GOAL = { importTime: 1.25 } as const;
const OUT_DIR = '.bench/bundles';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : (process.argv[i + 1] ?? '');
}

/**
 * One cold import in a new process: wall-clock ms from `import()` to resolution, and the CPU ms
 * the process spent meanwhile. CPU time barely moves when other jobs share the machine, so it
 * shows whether a wall-clock outlier is the handler or the neighbours.
 */
function importOnce(file: string): { wall: number; cpu: number } {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); const wall = performance.now() - t; const u = process.cpuUsage(c); process.stdout.write(JSON.stringify({ wall, cpu: (u.user + u.system) / 1000 }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    // What a deployed function has: a table name and a region, nothing pointing at a local endpoint.
    env: {
      PATH: process.env.PATH ?? '',
      TABLE_NAME: 'bench',
      AWS_REGION: 'us-east-1',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      // Lambda runs Node 22; the SDK's warning about an older local Node would only add noise.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      [CHAT_ENV.delivery]: CHAT_DELIVERY_STREAM,
    },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { wall: number; cpu: number };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function main() {
  const runs = Number(arg('runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const strict = process.argv.includes('--strict');

  const bundles = await bundle(bundleTargets(), OUT_DIR);
  // One untimed import each first, so the OS file cache is warm for every bundle alike.
  for (const b of bundles) importOnce(b.file as string);
  const samples = new Map<BundleResult, { wall: number; cpu: number }[]>(bundles.map((b) => [b, []]));
  for (let i = 0; i < runs; i++) for (const b of bundles) samples.get(b)?.push(importOnce(b.file as string));
  const medianOf = (b: BundleResult, key: 'wall' | 'cpu') => median((samples.get(b) ?? []).map((x) => x[key]));

  const floor = bundles.find((b) => b.kind === 'floor') as BundleResult;
  const floorMs = medianOf(floor, 'wall');
  const floorCpu = medianOf(floor, 'cpu');
  const rows = bundles.map((b) => {
    const ms = medianOf(b, 'wall');
    const cpu = medianOf(b, 'cpu');
    const sizeRatio = b.bytes / floor.bytes;
    const importRatio = ms / floorMs;
    const kind = budgetClass(b);
    const sizeGoal = kind ? SIZE_GOALS[kind] : undefined;
    const meets = sizeGoal === undefined || (sizeRatio <= sizeGoal && (b.kind !== 'api' || importRatio <= GOAL.importTime));
    return { b, kind, sizeGoal, ms, cpu, sizeRatio, importRatio, cpuRatio: cpu / floorCpu, meets };
  });

  const header = ['handler', 'budget', 'KiB', 'size x', 'size goal', 'import ms', 'import x', 'cpu ms', 'cpu x', 'goal'];
  const table = rows.map((r) => [
    r.b.name,
    r.kind ?? r.b.kind,
    (r.b.bytes / 1024).toFixed(1),
    r.sizeRatio.toFixed(2),
    r.sizeGoal === undefined ? '-' : `<=${r.sizeGoal}${r.b.kind === 'api' ? `, import <=${GOAL.importTime}` : ''}`,
    r.ms.toFixed(1),
    r.importRatio.toFixed(2),
    r.cpu.toFixed(1),
    r.cpuRatio.toFixed(2),
    r.sizeGoal === undefined ? '-' : r.meets ? 'ok' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`Bundles in ${OUT_DIR}; import time = median of ${runs} cold imports in fresh node ${process.version} processes.\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));

  const missed = rows.filter((r) => !r.meets);
  if (missed.length) console.log(`\n${missed.length} bundle(s) over their goal: ${missed.map((r) => r.b.name).join(', ')}`);
  if (strict && missed.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
