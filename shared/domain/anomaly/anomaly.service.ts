import { TransactionConditionFailed, TRANSACTION_ITEM_LIMIT } from '../../db/operations';
import { fitsKeyPart } from '../common.schema';
import { DEVICE_NOT_FOUND } from '../device/device.schema';
import { BadRequestError, NotFoundError } from '../errors';
import { logger } from '../../logging/logger';
import { jobSenderFromEnv, type JobSender } from '../../workers/sqs-jobs';
import { listOrganizations } from '../organization/organization.service';
import type { OrgContext } from '../organization/organization.schema';
import { queryRecords } from '../telemetry/telemetry.repository';
import { CRASH_MEASUREMENTS } from '../telemetry/telemetry.schema';
import { dropoutDue, type CadenceState, type ThresholdRule } from './detectors';
import { laneOf, type DetectionLane } from './sources';
import { evaluateRecords, evaluateSilence, MAX_RECORD_AGE_MS, watchDue, type Changes, type DeviceState, type TelemetryPoint } from './device-evaluation';
import * as repo from './anomaly.repository';
import { announce, buildProactiveTickets, type ProactiveTicket } from './proactive-ticket';
import { proactiveResolutionItems } from './proactive-resolution';
import {
  INCIDENT_CURSOR_INVALID,
  INCIDENT_LIMIT_INVALID,
  INCIDENT_STATUSES,
  INCIDENTS_DEFAULT_LIMIT,
  INCIDENTS_MAX_LIMIT,
  parseRuleOptions,
  RULES_PER_ORG_MAX,
  MONITOR_RULE_NOT_FOUND,
  STATUS_INVALID,
  type IncidentQuery,
  type IncidentStatus,
  type IncidentView,
} from './anomaly.schema';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';

/**
 * Proactive support: the detector (fed by the table stream, or the local stack's in-process
 * stream), the dropout sweep (scheduled), the incident list and the operator's threshold rules.
 * The detection itself is pure (detectors.ts, device-evaluation.ts); this module reads the state,
 * evaluates, and commits state + incidents + tickets in one conditional transaction.
 */

/** Records read per round: a redelivered or concurrent round evaluates nothing it already did. */
const RECORDS_PER_ROUND = 500;
/** New incidents per transaction (each brings its ticket and up to 4 index entries). */
const NEW_INCIDENTS_PER_COMMIT = 8;
/** Rounds lost to concurrent evaluations of the same device before giving up (the stream retries). */
const MAX_CONFLICTS = 8;
const iso = (ms: number) => new Date(ms).toISOString();

export interface DetectionResult {
  evaluated: number;
  opened: string[];
  resolved: string[];
}

/**
 * The device's records of one lane after `lastTs` (and not older than 24 h), merged per timestamp,
 * oldest first. Records of both lanes share the partition, so a page may hold none of this lane
 * (a device reporting every minute puts 500 device records before the sync's one crash record):
 * it keeps paging until the lane has records or the window ends, never stopping on a page of the
 * other lane while more exist.
 */
async function newRecords(organizationId: string, identifier: string, lane: DetectionLane, lastTs: number | null, now: number): Promise<{ points: TelemetryPoint[]; hasMore: boolean }> {
  const from = Math.max(lastTs ?? 0, now - MAX_RECORD_AGE_MS);
  const byTime = new Map<number, TelemetryPoint>();
  let afterSk: string | undefined;
  let hasMore: boolean;
  do {
    const page = await queryRecords(organizationId, identifier, {
      lowSk: lastTs !== null && lastTs >= now - MAX_RECORD_AGE_MS ? `${iso(lastTs)}#~` : iso(from),
      highSk: '9999-12-31T23:59:59.999Z#~',
      ascending: true,
      limit: RECORDS_PER_ROUND,
      afterSk,
      nowEpochSeconds: Math.floor(now / 1000),
    });
    for (const record of page.records) {
      if (laneOf(record.source) !== lane) continue;
      const t = Date.parse(record.timestamp);
      const point = byTime.get(t) ?? { t, m: {} };
      Object.assign(point.m, record.measurements);
      byTime.set(t, point);
    }
    hasMore = page.hasMore;
    afterSk = page.records.at(-1)?.sk;
  } while (hasMore && !byTime.size);
  return { points: [...byTime.values()], hasMore };
}

/** Evaluates on a copy, shrinking the slice of records until its writes fit one transaction. */
function evaluateFitting(state: DeviceState, points: TelemetryPoint[], ctx: Omit<Parameters<typeof evaluateRecords>[2], 'maxNewIncidents'>) {
  let take = points.length;
  for (;;) {
    const next = structuredClone(state);
    const { consumed, changes } = evaluateRecords(next, points.slice(0, take), { ...ctx, maxNewIncidents: NEW_INCIDENTS_PER_COMMIT });
    const items = 2 + changes.opened.length * 6 + changes.updated.size;
    if (items <= TRANSACTION_ITEM_LIMIT || take <= 1) return { state: next, consumed, changes };
    take = Math.max(1, take >> 1);
  }
}

async function commitWithTickets(
  org: string,
  identifier: string,
  state: DeviceState,
  changes: Changes,
  now: number,
  watch: ReturnType<typeof repo.watchWrite> | undefined,
): Promise<ProactiveTicket[]> {
  const [tickets, resolutions] = await Promise.all([buildProactiveTickets(org, identifier, changes.opened, now), proactiveResolutionItems(org, identifier, changes)]);
  await repo.commit(
    repo.commitItems(org, identifier, state, changes, {
      watch,
      ticketIdOf: (id) => tickets.get(id)?.ticket.ticketId ?? null,
      // Issue 16: resolved incidents' tickets get their bot message and incident_resolved event in this transaction.
      ticketItems: [...[...tickets.values()].flatMap((t) => t.items), ...resolutions],
    }),
  );
  return [...tickets.values()];
}

/**
 * A crash burst from the crash-reporting sync: 3 or more crashes in 24 hours opens a threshold
 * incident (and its ticket) with no operator rule. An operator rule on the same measurement
 * replaces it (`monitor rule add --measurement crashes_24h --above <n>`).
 */
export const CRASH_BURST_RULE: ThresholdRule = { ruleId: 'builtin-crash-burst', measurement: CRASH_MEASUREMENTS.crashes, operator: 'above', value: 2, forMinutes: 0 };

/** The organization's threshold rules plus the built-in ones it has not overridden. */
export function withBuiltInRules(rules: ThresholdRule[]): ThresholdRule[] {
  return rules.some((r) => r.measurement === CRASH_BURST_RULE.measurement) ? rules : [...rules, CRASH_BURST_RULE];
}

/** A lane's records as the table stream delivered them (the detector's input without a Query). */
export type DeliveredPoints = Partial<Record<DetectionLane, TelemetryPoint[]>>;

/**
 * The delivered records the table query would have returned: after `lastTs`, not older than 24 h,
 * merged per timestamp, oldest first.
 */
function deliveredRecords(points: TelemetryPoint[], lastTs: number | null, now: number): { points: TelemetryPoint[]; hasMore: boolean } {
  const from = Math.max(lastTs ?? 0, now - MAX_RECORD_AGE_MS);
  const byTime = new Map<number, TelemetryPoint>();
  for (const point of points) {
    if (point.t < from || (lastTs !== null && point.t <= lastTs)) continue;
    const merged = byTime.get(point.t) ?? { t: point.t, m: {} };
    Object.assign(merged.m, point.m);
    byTime.set(point.t, merged);
  }
  return { points: [...byTime.values()].sort((a, b) => a.t - b.t), hasMore: false };
}

/**
 * Whether the delivered records can stand for the table query: they must follow the newest evaluated
 * record without a hole the device's own cadence cannot explain. Records of one device do not always
 * reach the detector in write order (a batch is written 25 at a time in parallel; the stream's copy
 * goes through a standard SQS queue, which may reorder), and the detector never evaluates a record
 * older than the newest it evaluated. So when the delivery starts later than one usual gap after that
 * record, or has such a hole inside, or the cadence is not learned yet, the detector reads the table
 * (one Query) instead, which returns every record written so far in timestamp order. A steady device
 * delivering its next reading needs no Query.
 */
function deliveryIsContiguous(points: readonly TelemetryPoint[], lastTs: number | null, cadence: CadenceState): boolean {
  if (lastTs === null || cadence.gaps.length < 3) return false;
  const gaps = [...cadence.gaps].sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] as number;
  const allowed = usual * 1.5;
  let previous = lastTs;
  for (const t of points.map((p) => p.t).filter((t) => t > lastTs).sort((a, b) => a - b)) {
    if (t - previous > allowed) return false;
    previous = t;
  }
  return true;
}

/**
 * Evaluates a device's new live records. The stream worker calls it once per device of a batch
 * with the records the stream delivered (`delivered`: the values are in the stream record, so no
 * Query: one BatchGetItem of the state, rules and watch, then one conditional write); without
 * them (tests, tools) the records are read from the table in timestamp order. Either way only
 * records newer than the state's newest evaluated time count, so a redelivered stream record
 * changes nothing. Safe under any concurrency: the state's version condition lets one evaluation
 * commit, the others re-read and find nothing left to do.
 */
export async function detectForDevice(
  organizationId: string,
  identifier: string,
  now = Date.now(),
  lanes: readonly DetectionLane[] = ['device'],
  delivered?: DeliveredPoints,
): Promise<DetectionResult> {
  const result: DetectionResult = { evaluated: 0, opened: [], resolved: [] };
  for (const lane of lanes) await detectLane(organizationId, identifier, now, lane, result, delivered?.[lane]);
  return result;
}

/** {@link detectForDevice} for one lane: that lane's new records, its own "newest evaluated" time. */
async function detectLane(organizationId: string, identifier: string, now: number, lane: DetectionLane, result: DetectionResult, delivered?: TelemetryPoint[]): Promise<void> {
  const scope = `${organizationId}|${identifier}`;
  // Issue 20: delivered records older than the newest evaluated one (a late batch) teach the delivery lag, once.
  let lateLearned = false;
  for (let conflicts = 0; conflicts < MAX_CONFLICTS; ) {
    const input = await repo.loadDetectorInput(organizationId, identifier);
    const last = lane === 'crash' ? input.state.crashTs : input.state.lastTs;
    const useDelivered = delivered !== undefined && (lane === 'crash' || deliveryIsContiguous(delivered, last, input.state.cadence));
    const { points, hasMore } = useDelivered ? deliveredRecords(delivered, last, now) : await newRecords(organizationId, identifier, lane, last, now);
    const fresh = points.filter((p) => last === null || p.t > last);
    const late = lane === 'device' && !lateLearned && delivered && last !== null ? delivered.filter((p) => p.t <= last) : [];
    if (fresh.length === 0 && late.length === 0) return;
    const { state, consumed, changes } = evaluateFitting(input.state, fresh, { scope, now, rules: withBuiltInRules(input.rules), lane, late });
    // The watch entry only ever moves earlier here (or appears); the sweep moves it later. Only the device lane teaches the cadence.
    const due = lane === 'device' ? (dropoutDue(state.cadence) ?? null) : null;
    const watch = due !== null && (input.watchDue === null || due < input.watchDue) ? repo.watchWrite(organizationId, identifier, due) : undefined;
    try {
      announce(await commitWithTickets(organizationId, identifier, state, changes, now, watch));
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
      conflicts++;
      continue;
    }
    lateLearned = true;
    result.evaluated += consumed;
    result.opened.push(...changes.opened.map((i) => i.incidentId));
    result.resolved.push(...[...changes.updated.values()].filter((u) => u.resolvedAt !== null).map((u) => u.open.incidentId));
    if (consumed >= fresh.length && !hasMore) return;
  }
  throw new Error(`Anomaly state of ${identifier} kept changing under ${MAX_CONFLICTS} attempts`);
}

/** One overdue device: a dropout incident (and its ticket) when it really is overdue, else its watch moves on. */
async function checkSilence(organizationId: string, identifier: string, watchedDue: string, now: number): Promise<boolean> {
  for (let conflicts = 0; conflicts < MAX_CONFLICTS; conflicts++) {
    const input = await repo.loadDetectorInput(organizationId, identifier);
    const state = structuredClone(input.state);
    const changes = evaluateSilence(state, { scope: `${organizationId}|${identifier}`, now });
    if (changes.opened.length === 0) {
      const due = dropoutDue(state.cadence);
      if (due !== undefined && due > now) await repo.refreshWatch(organizationId, identifier, watchedDue, due);
      return false;
    }
    try {
      // The device is silent: nothing to watch until it reports again (its next record re-creates the entry).
      // A gap confirmed while the device still reports keeps it watched (watchDue: null while a dropout is open).
      announce(await commitWithTickets(organizationId, identifier, state, changes, now, repo.watchWrite(organizationId, identifier, watchDue(state))));
      return true;
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
    }
  }
  throw new Error(`Anomaly state of ${identifier} kept changing under ${MAX_CONFLICTS} attempts`);
}

/** The queue URL variable of the DropoutSweepWorker queue worker (shared/routes.ts `queueWorkers`). */
export const SWEEP_QUEUE_URL_ENV = 'DROPOUT_SWEEP_QUEUE_URL';

/** One organization's sweep, as a queue message: `at` is the schedule's clock, so a redelivery sweeps the same moment. */
export interface SweepJob {
  organizationId: string;
  at: string;
}

/** Parses a sweep queue message; throws on anything else (the message then goes to the DLQ). */
export function parseSweepJob(body: string): SweepJob {
  const job = JSON.parse(body) as Partial<SweepJob>;
  if (typeof job.organizationId !== 'string' || typeof job.at !== 'string' || Number.isNaN(Date.parse(job.at))) throw new Error('not a sweep job');
  return { organizationId: job.organizationId, at: new Date(job.at).toISOString() };
}

/** What sweeping one organization did; `failed` devices were logged and skipped, `deferred` ones left for the next run. */
export interface OrganizationSweep {
  checked: number;
  opened: number;
  failed: number;
  deferred: number;
}

/**
 * One organization's due devices, each checked against its state. Isolated per device: a device
 * that cannot be checked (its ticket cannot be written, its state is corrupt, a table error) is
 * logged as `dropout check failed`, counted in `failed` and skipped, and the others go on. Past
 * `deadline` (epoch ms) no new device is started: they stay due for the next run (`deferred`).
 */
export async function sweepOrganization(organizationId: string, now: number, deadline?: number): Promise<OrganizationSweep> {
  const result: OrganizationSweep = { checked: 0, opened: 0, failed: 0, deferred: 0 };
  const due = await repo.dueWatches(organizationId, iso(now));
  for (const [i, watch] of due.entries()) {
    if (deadline !== undefined && Date.now() > deadline) {
      result.deferred = due.length - i;
      break;
    }
    result.checked++;
    try {
      if (await checkSilence(organizationId, watch.identifier, watch.due, now)) result.opened++;
    } catch (error) {
      result.failed++;
      logger.error('dropout check failed; device skipped', { organizationId, identifier: watch.identifier, error: String(error) });
    }
  }
  return result;
}

/**
 * The dropout sweep (EventBridge schedule; `admin monitor sweep`; every minute locally). With the
 * DropoutSweepWorker queue (AWS) and no `organizationId`, it only fans out: one job per organization,
 * so one organization's backlog or failure never delays another's (the worker then fails its job
 * when a device failed: SQS retries it, then dead-letters it, and the DLQ alarms). Without a
 * queue (local stack, the CLI) it sweeps each organization (or one) in process, each isolated:
 * a failing organization is logged, counted and skipped.
 */
export async function sweepDropouts(options: { now?: number; organizationId?: string; queue?: JobSender<SweepJob> | null } = {}) {
  const now = options.now ?? Date.now();
  const orgIds = options.organizationId ? [options.organizationId] : (await listOrganizations()).map((o) => o.organizationId);
  const queue = options.organizationId ? undefined : options.queue === undefined ? jobSenderFromEnv<SweepJob>(SWEEP_QUEUE_URL_ENV) : (options.queue ?? undefined);
  const totals = { organizations: orgIds.length, checked: 0, opened: 0, failed: 0, failedOrganizations: 0, enqueued: 0, at: iso(now) };
  if (queue) {
    await queue.send(orgIds.map((organizationId) => ({ organizationId, at: iso(now) })));
    return { ...totals, enqueued: orgIds.length };
  }
  for (const organizationId of orgIds) {
    try {
      const swept = await sweepOrganization(organizationId, now);
      totals.checked += swept.checked;
      totals.opened += swept.opened;
      totals.failed += swept.failed;
    } catch (error) {
      totals.failedOrganizations++;
      logger.error('dropout sweep of an organization failed; skipped', { organizationId, error: String(error) });
    }
  }
  return totals;
}

// --- GET /device/{identifier}/incidents ---------------------------------------------------------

const INCIDENT_SK = /^INCIDENT#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;
function decodeCursor(raw: string): string {
  const sk = decodeSortKeyCursor(raw, INCIDENT_SK);
  if (sk === undefined) throw new BadRequestError(INCIDENT_CURSOR_INVALID);
  return sk;
}

/** `GET /device/{identifier}/incidents?status=open|resolved&cursor=&limit=`: newest first. */
export async function listDeviceIncidents(org: OrgContext, rawIdentifier: string | undefined, query: IncidentQuery): Promise<{ incidents: IncidentView[]; nextCursor: string | null }> {
  const identifier = rawIdentifier?.trim() ?? '';
  if (identifier === '' || !fitsKeyPart('deviceIdentifier', identifier)) throw new NotFoundError(DEVICE_NOT_FOUND);
  const status = query.status === undefined || query.status === '' ? undefined : query.status;
  if (status !== undefined && !(INCIDENT_STATUSES as readonly string[]).includes(status)) throw new BadRequestError(STATUS_INVALID);
  let limit = INCIDENTS_DEFAULT_LIMIT;
  if (query.limit !== undefined && query.limit !== '') {
    if (!/^\d{1,4}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > INCIDENTS_MAX_LIMIT) throw new BadRequestError(INCIDENT_LIMIT_INVALID);
    limit = Number(query.limit);
  }
  const afterSk = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = await repo.listIncidents(org.organizationId, identifier, { status: status as IncidentStatus | undefined, limit, afterSk });
  if (page.incidents.length === 0 && !afterSk && !(await repo.deviceOrStateExists(org.organizationId, identifier))) throw new NotFoundError(DEVICE_NOT_FOUND);
  const last = page.incidents.at(-1);
  return { incidents: page.incidents.map(({ sk: _sk, ...view }) => view), nextCursor: page.hasMore && last ? encodeSortKeyCursor(last.sk) : null };
}

// --- operator rules ---------------------------------------------------------------------------------

/** `admin monitor rule add`. */
export async function addThresholdRule(organizationId: string, options: Parameters<typeof parseRuleOptions>[0]) {
  const rule = await repo.addRule(organizationId, parseRuleOptions(options));
  if (!rule) throw new BadRequestError(`An organization has at most ${RULES_PER_ORG_MAX} monitor rules`);
  return { organizationId, rule };
}

/** `admin monitor rule remove` and the console's Settings > Monitor rules: 404 when the rule is not the organization's. */
export async function removeThresholdRule(organizationId: string, ruleId: string) {
  if (!(await repo.removeRule(organizationId, ruleId.trim()))) throw new NotFoundError(MONITOR_RULE_NOT_FOUND);
  return { organizationId, removed: ruleId.trim() };
}

/** `admin monitor rule list`. */
export async function listThresholdRules(organizationId: string) {
  return { organizationId, rules: await repo.listRules(organizationId) };
}
