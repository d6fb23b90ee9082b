/**
 * `npm run bench:anomaly`: how well and how cheaply the anomaly detection works.
 *
 * 1. Accuracy, on the pure detectors (no I/O, so it is fast and exact): the labelled set of
 *    scripts/bench/anomaly-set.ts arrives once record by record and once as hourly uploads (each
 *    hour's records together at its end, as a gateway would send them), with the dropout sweep
 *    every 5 minutes of simulated time. An incident is found when it starts inside a labelled window of
 *    its kind or up to TOLERANCE after it; every other incident is a false alarm.
 * 2. The real path against DynamoDB Local (or DYNAMODB_ENDPOINT): telemetry stored through the
 *    telemetry service and the detector triggered once per stored batch: single records, batches
 *    of 12, and batches of 12 whose trigger is delivered twice at once (redelivery + concurrency).
 *    Counts tickets per incident, DynamoDB requests per 100 records and the detector's throughput.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { benchSet, type BenchSeries } from './bench/anomaly-set';
import { evaluateRecords, evaluateSilence, newDeviceState, type NewIncident, type TelemetryPoint } from '../shared/domain/anomaly/device-evaluation';
// These read the environment lazily (on first use), so the table set below is the one they use.
import { documentClient } from '../shared/db/client';
import { detectForDevice, listDeviceIncidents } from '../shared/domain/anomaly/anomaly.service';
import { createOrganization } from '../shared/domain/organization/organization.service';
import { storeTelemetry } from '../shared/domain/telemetry/telemetry.service';
import { listTickets } from '../shared/domain/ticket/ticket-list.service';
import { ensureTable, startDynamoDbLocal } from '../shared/local/dynamodb-local';
import { freePort } from '../shared/local/free-port';

const MIN = 60_000;
const SWEEP_MS = 5 * MIN;
/** How late an incident may start after its labelled window and still count as found. */
export const TOLERANCE_MS = 30 * MIN;
const BATCH = 12;
const HOUR = 60 * MIN;

/**
 * Feeds a series to the pure detectors in arrival order; returns the incidents it opened.
 * `uploadEveryMs` 0: each record arrives a second after its timestamp; otherwise the records of
 * each period arrive together at its end (a gateway uploading hourly).
 */
function replay(series: BenchSeries, uploadEveryMs: number): NewIncident[] {
  const state = newDeviceState();
  const opened: NewIncident[] = [];
  const points = series.points;
  let nextSweep = (points[0] as TelemetryPoint).t + SWEEP_MS;
  const sweepTo = (t: number) => {
    for (; nextSweep < t; nextSweep += SWEEP_MS) opened.push(...evaluateSilence(state, { scope: series.identifier, now: nextSweep }).opened);
  };
  const uploads = new Map<number, TelemetryPoint[]>();
  for (const p of points) {
    const arrival = uploadEveryMs === 0 ? p.t + 1000 : (Math.floor(p.t / uploadEveryMs) + 1) * uploadEveryMs + 1000;
    uploads.set(arrival, [...(uploads.get(arrival) ?? []), p]);
  }
  for (const [arrival, chunk] of uploads) {
    sweepTo(arrival);
    opened.push(...evaluateRecords(state, chunk, { scope: series.identifier, now: arrival, rules: [] }).changes.opened);
  }
  sweepTo((points.at(-1) as TelemetryPoint).t + SWEEP_MS);
  return opened;
}

function score(set: BenchSeries[], uploadEveryMs: number) {
  let labels = 0;
  let found = 0;
  let incidents = 0;
  let matched = 0;
  const falseAlarms: Record<string, number> = {};
  const missed: Record<string, number> = {};
  const ids: string[] = [];
  let records = 0;
  const started = process.hrtime.bigint();
  for (const series of set) {
    const opened = replay(series, uploadEveryMs);
    records += series.points.length;
    ids.push(...opened.map((i) => `${i.incidentId}:${i.kind}:${i.startedAt}`));
    incidents += opened.length;
    labels += series.labels.length;
    const inWindow = (i: NewIncident, l: BenchSeries['labels'][number]) => i.startedAt >= l.from && i.startedAt <= l.to + TOLERANCE_MS;
    for (const l of series.labels) {
      if (opened.some((i) => i.kind === l.kind && inWindow(i, l))) found++;
      else missed[`${series.shape}/${l.kind}`] = (missed[`${series.shape}/${l.kind}`] ?? 0) + 1;
    }
    for (const i of opened) {
      if (series.labels.some((l) => inWindow(i, l))) matched++;
      else falseAlarms[`${series.shape}/${i.kind}`] = (falseAlarms[`${series.shape}/${i.kind}`] ?? 0) + 1;
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { labels, found, recall: found / labels, incidents, precision: matched / incidents, falseAlarms, missed, ids, recordsPerSecond: Math.round(records / seconds), records };
}

/** The real path: telemetry service → detector (twice at once per trigger) → incidents and tickets in DynamoDB. */
async function dynamoRun(set: BenchSeries[]) {
  let dynamo: ChildProcess | undefined;
  if (!process.env.DYNAMODB_ENDPOINT) {
    const port = await freePort();
    dynamo = await startDynamoDbLocal({ port, timeoutMs: 60000 });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
  }
  process.env.TABLE_NAME = `bench-anomaly-${randomUUID()}`;
  try {
    await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);
    const { organizationId } = await createOrganization('Bench');
    const org = { organizationId };

    let requests = 0;
    let counting = false;
    documentClient().middlewareStack.add((next) => async (args) => {
      if (counting) requests++;
      return next(args);
    }, { step: 'finalizeRequest', name: 'bench-count' });

    const results: Record<string, { records: number; requests: number; ms: number }> = {};
    let incidents = 0;
    for (const [mode, batch, deliveries] of [['single', 1, 1], ['batched', BATCH, 1], ['redelivered', BATCH, 2]] as const) {
      let records = 0;
      let ms = 0;
      requests = 0;
      for (const original of set) {
        // 20 hours of each series around its first labelled anomaly, moved to end a minute ago
        // (ingestion refuses the future, the detector the day-old).
        const first = original.labels[0] ? original.points.findIndex((p) => p.t >= (original.labels[0] as { from: number }).from) : original.points.length;
        const end = Math.min(original.points.length, Math.max(240, first + 60));
        const tail = original.points.slice(end - 240, end);
        const shift = Date.now() - MIN - (tail.at(-1) as TelemetryPoint).t;
        const identifier = `${mode}-${original.identifier}`;
        for (let i = 0; i < tail.length; i += batch) {
          const chunk = tail.slice(i, i + batch).map((p) => ({ timestamp: new Date(p.t + shift).toISOString(), measurements: p.m }));
          await storeTelemetry(org, { deviceIdentifier: identifier, records: chunk }, 'rest', Date.now());
          counting = true;
          const started = Date.now();
          await Promise.all(Array.from({ length: deliveries }, () => detectForDevice(organizationId, identifier)));
          ms += Date.now() - started;
          counting = false;
          records += chunk.length;
        }
        incidents += (await listDeviceIncidents(org, identifier, { limit: '100' })).incidents.length;
      }
      results[mode] = { records, requests, ms };
    }
    let tickets = 0;
    let cursor: string | undefined;
    do {
      const page = await listTickets(org, { source: 'anomaly', limit: '100', cursor });
      tickets += page.tickets.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { incidents, tickets, results };
  } finally {
    dynamo?.kill();
  }
}

async function main() {
  const set = benchSet(8, 7);
  const single = score(set, 0);
  const batched = score(set, HOUR);
  const identical = JSON.stringify(single.ids) === JSON.stringify(batched.ids);
  const shapes = [...new Set(set.map((s) => s.shape))];
  console.log(`Anomaly detection benchmark: ${set.length} series (${shapes.join(', ')}), ${single.records} records, ${single.labels} labelled anomalies; tolerance ${TOLERANCE_MS / MIN} min`);
  console.log(`  single records : recall ${single.recall.toFixed(3)}  precision ${single.precision.toFixed(3)}  (${single.found}/${single.labels} found, ${single.incidents} incidents)`);
  console.log(`  hourly uploads : recall ${batched.recall.toFixed(3)}  precision ${batched.precision.toFixed(3)}  identical to single: ${identical}`);
  console.log(`  false alarms   : ${JSON.stringify(single.falseAlarms)}   missed: ${JSON.stringify(single.missed)}`);
  console.log(`  pure detector throughput: ${single.recordsPerSecond.toLocaleString('en')} records/s (one measurement per record)`);

  const dynamo = await dynamoRun(benchSet(1, 7));
  for (const [mode, r] of Object.entries(dynamo.results)) {
    console.log(
      `  DynamoDB path, ${mode.padEnd(11)}: ${((r.requests / r.records) * 100).toFixed(0)} requests per 100 records, detector ${Math.round((r.records / r.ms) * 1000)} records/s`,
    );
  }
  console.log(`  tickets per incident: ${(dynamo.tickets / dynamo.incidents).toFixed(2)} (${dynamo.tickets} tickets, ${dynamo.incidents} incidents)`);
  const ok = single.recall >= 0.9 && single.precision >= 0.9 && identical && dynamo.tickets === dynamo.incidents;
  console.log(ok ? 'Goals met: recall ≥ 0.9 at precision ≥ 0.9, one ticket per incident, single = batched.' : 'GOALS NOT MET');
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
