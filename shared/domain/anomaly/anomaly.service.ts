import { TransactionConditionFailed, TRANSACTION_ITEM_LIMIT } from '../../db/operations';
import { logger } from '../../logging/logger';
import { jobSenderFromEnv, type JobSender } from '../../workers/sqs-jobs';
import { listOrganizations } from '../organization/organization-listing';
import { CRASH_MEASUREMENTS } from '../telemetry/telemetry-names';
import type { CadenceState, ThresholdRule } from './detectors';
import { laneOf, type DetectionLane } from './sources';
import { DROPOUT_HOLD_MS, evaluateHeld, evaluateRecords, evaluateSilence, holdTicket, MAX_RECORD_AGE_MS, nextCheck, watchDue, type Changes, type DeviceState, type NewIncident, type TelemetryPoint } from './device-evaluation';
import * as repo from './anomaly.repository';
import { announce, buildProactiveTickets, type ProactiveTicket } from './proactive-ticket';
import { loadTicketConfig } from '../ticket-config/ticket-config.repository';
import type { TicketConfig } from '../ticket-config/ticket-config.schema';
import { proactiveResolutionItems } from './proactive-resolution';
import { enqueueSweeps, SWEEP_QUEUE_URL_ENV, type SweepJob, type SweepTotals } from './sweep-jobs';
import { isoTime as iso } from '../../iso-time';
import { TICKET_ITEMS } from '../ticket/ticket.repository';

/**
 * Proactive support: the detector (fed by the table stream, or the local stack's in-process
 * stream), the dropout sweep (scheduled), the incident list and the operator's threshold rules.
 * The detection itself is pure (detectors.ts, device-evaluation.ts); this module reads the state,
 * evaluates, and commits state + incidents + tickets in one conditional transaction.
 */

/** Records read per round: a redelivered or concurrent round evaluates nothing it already did. */
const RECORDS_PER_ROUND = 500;
/** New incidents one evaluation opens before it stops to commit (what does not fit one transaction is carried: {@link fitCommit}). */
const NEW_INCIDENTS_PER_COMMIT = 8;
/** Rounds lost to concurrent evaluations of the same device before giving up (the stream retries). */
const MAX_CONFLICTS = 8;
const keptChanging = (identifier: string) => new Error(`Anomaly state of ${identifier} kept changing under ${MAX_CONFLICTS} attempts`);

export interface DetectionResult {
  evaluated: number;
  opened: string[];
  resolved: string[];
}

/** A record point as the detector replays it: when it was received (ms), and whether it is in the delivery being evaluated. */
export type ReplayPoint = TelemetryPoint & { receivedAt?: number; current?: boolean };

/**
 * The device's records of one lane after `lastTs` (and not older than 24 h), merged per timestamp,
 * oldest first. Records of both lanes share the partition, so a page may hold none of this lane
 * (a device reporting every minute puts 500 device records before the sync's one crash record):
 * it keeps paging until the lane has records or the window ends, never stopping on a page of the
 * other lane while more exist. `consistent: false` is the stream worker's first, cheaper read.
 */
async function newRecords(organizationId: string, identifier: string, lane: DetectionLane, lastTs: number | null, now: number, consistent = true): Promise<{ points: ReplayPoint[]; hasMore: boolean }> {
  const from = Math.max(lastTs ?? 0, now - MAX_RECORD_AGE_MS);
  const byTime = new Map<number, ReplayPoint>();
  let afterSk: string | undefined;
  let hasMore: boolean;
  do {
    const page = await repo.telemetryPage(organizationId, identifier, {
      lowSk: lastTs !== null && lastTs >= now - MAX_RECORD_AGE_MS ? `${iso(lastTs)}#~` : iso(from),
      highSk: '9999-12-31T23:59:59.999Z#~',
      limit: RECORDS_PER_ROUND,
      afterSk,
      nowEpochSeconds: Math.floor(now / 1000),
      consistent,
    });
    for (const record of page.points) {
      if (laneOf(record.source) !== lane) continue;
      const point = byTime.get(record.t) ?? { t: record.t, m: {} };
      Object.assign(point.m, record.m);
      if (record.receivedAt !== undefined) point.receivedAt = Math.max(point.receivedAt ?? 0, record.receivedAt);
      byTime.set(record.t, point);
    }
    hasMore = page.hasMore;
    afterSk = page.points.at(-1)?.sk;
  } while (hasMore && !byTime.size);
  return { points: [...byTime.values()], hasMore };
}

/**
 * Round 14 (issue 20): what one commit holds. A transaction takes at most 100 items. Counted per change
 * (commitItems, the webhook outbox, the ticket builders' {@link TICKET_ITEMS}): the state and watch
 * entry once; a new incident its Put, `incident.opened` and `incident.resolved` events and its ticket
 * (none while held): up to 17; an update its Update, and when it resolves its event and the ticket's
 * resolution: up to 20; a withdrawal its status and event; a released hold its ticket and `ticketId`.
 * So one record crossing a dozen rules (a gateway's channels after a power dip) could never commit, and
 * the device failed on every redelivery. Keeps in `changes` what fits and carries the rest in the state
 * (`carry`), written with it: every later evaluation of the device first commits the carried changes,
 * a transaction's worth at a time, and evaluates nothing new until they are written, so exactly-once
 * holds as before (the state's version decides which evaluation writes them). Withdrawals, releases
 * and updates of withdrawn incidents always stay (few, and written together); the first change always stays.
 */
function fitCommit(state: DeviceState, changes: Changes): void {
  const withdrawn = new Set(changes.withdrawn?.map((w) => w.incidentId));
  let room = TRANSACTION_ITEM_LIMIT - 2 - 2 * withdrawn.size - (changes.released?.length ?? 0) * (1 + TICKET_ITEMS.create);
  let first = true;
  const keep = (cost: number, always = false) => (always || first || cost <= room) && ((room -= cost), !(first = false));
  const carry: NonNullable<DeviceState['carry']> = { opened: [], updated: [] };
  for (const entry of changes.updated) if (!keep(entry[1].resolvedAt === null ? 1 : 2 + TICKET_ITEMS.change, withdrawn.has(entry[0])) && carry.updated.push(entry)) changes.updated.delete(entry[0]);
  changes.opened = changes.opened.filter((i) => keep(3 + (i.held === undefined ? TICKET_ITEMS.create : 0)) || !carry.opened.push(i));
  if (carry.opened.length + carry.updated.length > 0) state.carry = carry;
}

/** The changes {@link fitCommit} carried in the state, taken out of it to be committed. */
function takeCarry(state: DeviceState): Changes {
  const { opened, updated } = state.carry as NonNullable<DeviceState['carry']>;
  delete state.carry;
  return { opened, updated: new Map(updated) };
}

async function commitWithTickets(
  org: string,
  identifier: string,
  state: DeviceState,
  changes: Changes,
  now: number,
  watch: ReturnType<typeof repo.watchWrite> | undefined,
  extra: { config?: TicketConfig; released?: NewIncident[] } = {},
): Promise<ProactiveTicket[]> {
  // Round 13: a held dropout gets no ticket now; a released one (its incident read back) gets it now.
  fitCommit(state, changes);
  const ticketed = [...changes.opened.filter((i) => i.held === undefined), ...(extra.released ?? [])];
  const [tickets, resolutions] = await Promise.all([buildProactiveTickets(org, identifier, ticketed, now, extra.config), proactiveResolutionItems(org, identifier, changes)]);
  await repo.commit(
    repo.commitItems(org, identifier, state, changes, {
      watch,
      now,
      ticketIdOf: (id) => tickets.get(id)?.ticket.ticketId ?? null,
      // Issue 16: resolved incidents' tickets get their bot message and incident_resolved event in this transaction.
      ticketItems: [
        ...[...tickets.values()].flatMap((t) => t.items),
        ...resolutions,
        ...(extra.released ?? []).flatMap((i) => {
          const ticket = tickets.get(i.incidentId);
          return ticket ? [repo.incidentSet(org, identifier, i, 'ticketId', ticket.ticket.ticketId)] : [];
        }),
      ],
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
export type DeliveredPoints = Partial<Record<DetectionLane, ReplayPoint[]>>;

/**
 * Deferred state writes (issue 21: detection's cost per record). The stream worker does not write
 * the state on every delivery: an evaluation that opens, attaches to or resolves no incident and
 * does not move the dropout watch is not committed while the records after the committed state
 * number fewer than `records` and the oldest of them is younger than `ms`. The next evaluation
 * re-reads those records (one Query: about 0.5 RRU for ten records) and evaluates them again from
 * the committed state, deterministically, each at its receipt time (see {@link replayGroups}).
 * Exactly-once holds as before: nothing is emitted by an evaluation that is not committed, an
 * evaluation that changes incidents always commits (conditioned on the state's version), and a
 * redelivered or reordered record is simply part of the next replay. The dropout sweep replays the
 * same records before it judges a device silent ({@link checkSilence}).
 */
export const DEFER = { records: 10, ms: 6 * 3_600_000 } as const;

/**
 * How much earlier than the stored watch entry a newly computed due time must be to move it: the
 * dropout sweep runs every 5 minutes (routes.ts, DropoutSweep), so a watch up to that much late finds
 * a dropout at most one sweep later, while a device whose delivery lag jitters by seconds would
 * otherwise move its watch (a transaction instead of a deferred evaluation) on most records.
 */
export const WATCH_SLACK_MS = 5 * 60_000;

/**
 * Whether `pending` records after the committed state, the oldest measured at `oldest`, may stay
 * uncommitted: fewer than {@link DEFER}.records, the oldest younger than {@link DEFER}.ms, and seen
 * again before it leaves the replay window. Deferred records are replayed only while younger than
 * 24 h (MAX_RECORD_AGE_MS); if the device sends nothing more, the next thing that commits them is the
 * dropout sweep at the stored watch time, so that must come at least an hour before the oldest leaves
 * the window (and an unwatched device never defers): a device reporting every 8 hours has its records
 * written at once.
 */
function mayStayDeferred(pending: number, oldest: number, now: number, watchDue: number | null): boolean {
  return pending < DEFER.records && now - oldest < DEFER.ms && watchDue !== null && watchDue < oldest + MAX_RECORD_AGE_MS - 3_600_000;
}

/** Whether `due` (the state's next dropout time) must move the stored watch entry earlier, or create it. */
function watchMovesEarlier(due: number | null, watchDue: number | null): boolean {
  return due !== null && (watchDue === null || due < watchDue - WATCH_SLACK_MS);
}

/**
 * The evaluated, uncommitted state of a device's lane that this process deferred, and on which
 * committed state (version, newest evaluated time) it was built: a hint, never a source of truth.
 * When the next delivery of the device finds the same committed state and follows the cached state
 * without a hole, only its own records are evaluated, from the cached state: no Query, no replay,
 * no decoding of the stored state. It serves deferred evaluations only; an evaluation that has to
 * commit always starts again from the table (consistent reads, replay), so the cache can never make
 * anything committed or emitted differ; at worst (a concurrent writer it cannot see through an
 * eventually consistent read) a change is found a few records later, at the next commit.
 */
interface DeferredState {
  version: number;
  committedLastTs: number | null;
  state: DeviceState;
  /** Records after the committed state, and the oldest one's time. */
  pending: number;
  oldest: number;
}
const deferredStates = new Map<string, DeferredState>();
const DEFERRED_STATES_MAX = 1000;
/** `DETECTOR_STATE_CACHE=off` turns the cache off (the benchmark measures AWS's worst case with it: every delivery in a new container). */
export const DETECTOR_STATE_CACHE_ENV = 'DETECTOR_STATE_CACHE';
const cacheEnabled = () => process.env[DETECTOR_STATE_CACHE_ENV] !== 'off';

function rememberDeferred(key: string, entry: DeferredState): void {
  if (!cacheEnabled()) return;
  deferredStates.delete(key);
  if (deferredStates.size >= DEFERRED_STATES_MAX) deferredStates.delete(deferredStates.keys().next().value as string);
  deferredStates.set(key, entry);
}

/**
 * The delivered records the table query would have returned: after `lastTs`, not older than 24 h,
 * merged per timestamp, oldest first; marked as the delivery being evaluated.
 */
function deliveredRecords(points: ReplayPoint[], lastTs: number | null, now: number): { points: ReplayPoint[]; hasMore: boolean } {
  return { points: withDelivered([], points, lastTs, now), hasMore: false };
}

/** `queried` (the table's records after `lastTs`) with the delivered ones added or marked as the current delivery, oldest first. */
function withDelivered(queried: ReplayPoint[], delivered: ReplayPoint[], lastTs: number | null, now: number): ReplayPoint[] {
  const from = Math.max(lastTs ?? 0, now - MAX_RECORD_AGE_MS);
  const byTime = new Map<number, ReplayPoint>(queried.map((p) => [p.t, p]));
  for (const point of delivered) {
    if (point.t < from || (lastTs !== null && point.t <= lastTs)) continue;
    const merged = byTime.get(point.t) ?? { t: point.t, m: {} };
    Object.assign(merged.m, point.m);
    merged.current = true;
    if (point.receivedAt !== undefined) merged.receivedAt = Math.max(merged.receivedAt ?? 0, point.receivedAt);
    byTime.set(point.t, merged);
  }
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}

/**
 * The clocks an evaluation runs its records under. The records of the delivery being evaluated run
 * at `now`, as always. Records read back from the table that are not in this delivery were (with
 * deferred writes) evaluated before without being committed: each run of them with one receipt
 * time runs at that receipt time, so the device's learned delivery lag gets one lag per ingest
 * call, as it would have had the state been written every time (not one long lag for the whole
 * replay), and the replay gives the same result however often it happens. `byReceipt: false`
 * (tools and tests calling {@link detectForDevice}) keeps one clock for all.
 */
function replayGroups(points: ReplayPoint[], now: number, byReceipt: boolean): { now: number; points: ReplayPoint[] }[] {
  if (!byReceipt) return [{ now, points }];
  const groups: { now: number; points: ReplayPoint[] }[] = [];
  for (const point of points) {
    const clock = point.current || point.receivedAt === undefined ? now : Math.min(now, point.receivedAt);
    const group = groups.at(-1);
    if (group && group.now === clock) group.points.push(point);
    else groups.push({ now: clock, points: [point] });
  }
  return groups;
}

const changesAnything = (changes: Changes) => changes.opened.length > 0 || changes.updated.size > 0 || changes.withdrawn !== undefined || changes.released !== undefined;

/**
 * Evaluates the groups in order, stopping after the first one that changes incidents (or did not fit):
 * one commit holds one group's changes. `late` (the delivery's records older than the committed state,
 * issue 20) goes with the group that runs at the delivery's own clock, appended if there is none;
 * `lateUsed` says whether that group was reached.
 */
function evaluateGroups(
  state: DeviceState,
  groups: { now: number; points: ReplayPoint[] }[],
  ctx: { scope: string; rules: ThresholdRule[]; lane: DetectionLane },
  delivery?: { now: number; late: readonly TelemetryPoint[] },
) {
  const current = structuredClone(state);
  // Round 14: what an earlier commit carried ({@link fitCommit}) is committed before anything new is evaluated.
  if (current.carry) return { state: current, consumed: 0, changes: takeCarry(current), lateUsed: false };
  let consumed = 0;
  let changes: Changes = { opened: [], updated: new Map() };
  const late = delivery?.late ?? [];
  let lateGroup = late.length > 0 ? groups.findIndex((g) => g.now === delivery?.now) : -1;
  if (late.length > 0 && lateGroup < 0) {
    groups = [...groups, { now: delivery?.now as number, points: [] }];
    lateGroup = groups.length - 1;
  }
  let lateUsed = false;
  for (const [index, group] of groups.entries()) {
    const withLate = index === lateGroup;
    const step = evaluateRecords(current, group.points, { ...ctx, now: group.now, maxNewIncidents: NEW_INCIDENTS_PER_COMMIT, ...(withLate ? { late } : {}) });
    lateUsed ||= withLate;
    consumed += step.consumed;
    changes = step.changes;
    if (changesAnything(step.changes) || step.consumed < group.points.length) break;
  }
  return { state: current, consumed, changes, lateUsed };
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

/** How many records the device's cadence puts between `lastTs` and the newest delivered one (0 while the cadence is not learned). */
function expectedAfter(points: readonly TelemetryPoint[], lastTs: number | null, cadence: CadenceState): number {
  if (lastTs === null || cadence.gaps.length < 3 || points.length === 0) return 0;
  const gaps = [...cadence.gaps].sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] as number;
  const newest = Math.max(...points.map((p) => p.t));
  return usual > 0 ? Math.round((newest - lastTs) / usual) : 0;
}

/**
 * Evaluates a device's new live records. The stream worker calls it once per device of a batch
 * with the records the stream delivered (`delivered`, the values are in the stream record): one
 * eventually consistent BatchGetItem of the state, rules and watch, plus (when records after the
 * committed state are not all in the delivery) one eventually consistent Query of them; the state
 * is written only when incidents or the watch change, or every {@link DEFER} records. Without
 * `delivered` (tests, tools) the records are read consistently from the table and the state is
 * always written. Either way only records newer than the committed state's newest evaluated time
 * count, so a redelivered stream record changes nothing. Safe under any concurrency: the state's
 * version condition lets one evaluation commit, the others re-read and find nothing left to do.
 */
export async function detectForDevice(
  organizationId: string,
  identifier: string,
  now = Date.now(),
  lanes: readonly DetectionLane[] = ['device'],
  delivered?: DeliveredPoints,
): Promise<DetectionResult> {
  const result: DetectionResult = { evaluated: 0, opened: [], resolved: [] };
  for (const lane of lanes) await detectLane(organizationId, identifier, now, lane, result, delivered?.[lane], delivered ? 'live' : 'commit', delivered ? LIVE : undefined);
  return result;
}

/**
 * How a lane is evaluated: `live` (the stream worker: cheap reads first, deferred writes), `commit`
 * (tools, tests: consistent reads, one clock, always written), `catchUp` (the sweep replaying
 * uncommitted records: consistent reads, receipt clocks, always written).
 */
type LaneMode = 'live' | 'commit' | 'catchUp';

/**
 * What {@link detectLane} uses in `live` mode only: the delivered records and the deferred-state cache.
 * Passed by {@link detectForDevice} (the stream worker) with `live` mode and never otherwise, so the dropout
 * sweep's function, which only catches up, bundles none of it.
 */
const LIVE = { deliveredRecords, withDelivered, deliveryIsContiguous, expectedAfter, resumeDeferred, deferIfQuiet };
type Live = typeof LIVE;

/**
 * `live` mode, first look: the delivered records evaluated from this process's deferred state of the
 * device (see {@link DeferredState}) when that state was built on the committed one just read and the
 * delivery follows it without a hole. `undefined` when there is no such state (the caller goes on from
 * the table); `true` when the delivery is done (nothing new, or deferred again, counted in `result`);
 * `false` when the evaluation has something to commit, which starts again from the table (consistent
 * reads, replay), the cached state dropped.
 */
function resumeDeferred(
  cacheKey: string,
  delivered: ReplayPoint[],
  input: repo.DetectorInput,
  ctx: { scope: string; rules: ThresholdRule[]; lane: DetectionLane },
  now: number,
  result: DetectionResult,
): boolean | undefined {
  const cached = cacheEnabled() ? deferredStates.get(cacheKey) : undefined;
  if (!cached || cached.version !== input.stored.version || cached.committedLastTs !== input.stored.lastTs || !deliveryIsContiguous(delivered, cached.state.lastTs, cached.state.cadence)) return undefined;
  const own = deliveredRecords(delivered, cached.state.lastTs, now).points;
  if (own.length === 0) return true;
  const next = evaluateGroups(cached.state, [{ now, points: own }], ctx);
  const due = watchDue(next.state);
  const pending = cached.pending + own.length;
  if (!changesAnything(next.changes) && next.consumed >= own.length && !watchMovesEarlier(due, input.watchDue) && mayStayDeferred(pending, cached.oldest, now, input.watchDue)) {
    rememberDeferred(cacheKey, { ...cached, state: next.state, pending });
    result.evaluated += next.consumed;
    return true;
  }
  // Something to commit: from the table, as always.
  deferredStates.delete(cacheKey);
  return false;
}

/**
 * `live` mode, after evaluating from the table: leaves the evaluated state uncommitted (remembered in
 * this process, counted in `result`) and returns true when nothing in it must be written now: the
 * device's state exists already (a device's first state is always written: it is what tells a device
 * that sent data from an unknown one, GET …/incidents), no late batch changed the learned lag (and
 * maybe a waiting gap), no incident changed, the watch stays, every fresh record was evaluated, and
 * {@link mayStayDeferred} allows it.
 */
function deferIfQuiet(
  cacheKey: string,
  input: repo.DetectorInput,
  evaluated: { state: DeviceState; consumed: number; changes: Changes; fresh: ReplayPoint[]; hasMore: boolean; lateCount: number; watchMoves: boolean },
  now: number,
  result: DetectionResult,
): boolean {
  const { state, consumed, changes, fresh, hasMore } = evaluated;
  const deferrable =
    input.stored.version > 0 &&
    evaluated.lateCount === 0 &&
    !changesAnything(changes) &&
    !evaluated.watchMoves &&
    !hasMore &&
    consumed >= fresh.length &&
    mayStayDeferred(fresh.length, (fresh[0] as ReplayPoint).t, now, input.watchDue);
  if (!deferrable) return false;
  rememberDeferred(cacheKey, { version: input.stored.version, committedLastTs: input.stored.lastTs, state, pending: fresh.length, oldest: (fresh[0] as ReplayPoint).t });
  result.evaluated += consumed;
  return true;
}

/** {@link detectForDevice} for one lane: that lane's new records, its own "newest evaluated" time. */
async function detectLane(
  organizationId: string,
  identifier: string,
  now: number,
  lane: DetectionLane,
  result: DetectionResult,
  delivered: ReplayPoint[] | undefined,
  mode: LaneMode,
  /** {@link LIVE}, given with `live` mode (and `delivered`) only. */
  live?: Live,
): Promise<void> {
  const scope = `${organizationId}|${identifier}`;
  let consistent = mode !== 'live';
  let input: repo.DetectorInput | undefined;
  // The deferred-state cache is keyed like the incidents' scope.
  const cacheKey = scope;
  // Issue 20: delivered records older than the committed newest evaluated one (a late batch) teach the
  // delivery lag and may fill a waiting gap, once: judged against the state first loaded (`lateBase`).
  let lateBase: number | null | undefined;
  let lateLearned = false;
  for (let conflicts = 0; conflicts < MAX_CONFLICTS; ) {
    input ??= await repo.loadDetectorInput(organizationId, identifier, { consistent });
    const ctx = { scope, rules: withBuiltInRules(input.rules), lane };
    if (lateBase === undefined) lateBase = input.stored.lastTs;
    const base = lateBase;
    const late = lane === 'device' && !lateLearned && delivered !== undefined && base !== null ? delivered.filter((p) => p.t <= base) : [];
    const resumed = live && mode === 'live' && lane === 'device' && !consistent && late.length === 0 && delivered ? live.resumeDeferred(cacheKey, delivered, input, ctx, now, result) : undefined;
    if (resumed === true) return;
    if (resumed === false) {
      consistent = true;
      continue;
    }
    const last = lane === 'crash' ? input.state.crashTs : input.state.lastTs;
    let points: ReplayPoint[];
    let hasMore = false;
    if (live && delivered !== undefined && (lane === 'crash' || live.deliveryIsContiguous(delivered, last, input.state.cadence))) {
      ({ points, hasMore } = live.deliveredRecords(delivered, last, now));
    } else {
      // A delivery that will bring the records after the committed state to DEFER.records commits: read them consistently at once.
      if (!consistent && live && delivered !== undefined && live.expectedAfter(delivered, last, input.state.cadence) >= DEFER.records) consistent = true;
      ({ points, hasMore } = await newRecords(organizationId, identifier, lane, last, now, consistent));
      // The delivery's own records may not be visible yet to an eventually consistent read.
      if (live && delivered !== undefined && !hasMore) points = live.withDelivered(points, delivered, last, now);
    }
    const fresh = points.filter((p) => last === null || p.t > last);
    if (fresh.length === 0 && late.length === 0 && !input.state.carry) return;
    const { state, consumed, changes, lateUsed } = evaluateGroups(input.state, replayGroups(fresh, now, mode !== 'commit'), ctx, { now, late });
    // The watch entry only ever moves earlier here (or appears); the sweep moves it later. Only the device lane teaches the cadence.
    const due = lane === 'device' ? watchDue(state) : null;
    const watch = watchMovesEarlier(due, input.watchDue) ? repo.watchWrite(organizationId, identifier, due as number) : undefined;
    if (live && mode === 'live' && lane === 'device' && live.deferIfQuiet(cacheKey, input, { state, consumed, changes, fresh, hasMore, lateCount: late.length, watchMoves: watch !== undefined }, now, result)) return;
    if (lane === 'device') deferredStates.delete(cacheKey);
    if (!consistent) {
      // Nothing is committed from an eventually consistent read of the records: read them again (the state's staleness is caught by its version condition).
      consistent = true;
      continue;
    }
    try {
      announce(await commitWithTickets(organizationId, identifier, state, changes, now, watch));
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
      conflicts++;
      input = undefined;
      // Another writer committed first: the delivery's records it left behind its newest evaluated
      // time are late against ITS state (else they would be neither late nor fresh: never learned).
      if (!lateLearned) lateBase = undefined;
      continue;
    }
    input = undefined;
    if (lateUsed) lateLearned = true;
    result.evaluated += consumed;
    result.opened.push(...changes.opened.map((i) => i.incidentId));
    result.resolved.push(...[...changes.updated.values()].filter((u) => u.resolvedAt !== null).map((u) => u.open.incidentId));
    // (A commit of carried changes evaluated nothing: the delivery's fresh and late records come next.)
    if (consumed >= fresh.length && !hasMore && !state.carry && (lateUsed || late.length === 0)) return;
  }
  throw keptChanging(identifier);
}

/**
 * One overdue device: a dropout incident (and its ticket) when it really is overdue, else its watch
 * moves on. The stream worker defers state writes, so the committed state may not hold the
 * device's latest records: they are replayed first (one consistent Query, each at its receipt
 * time), so a device that kept reporting is never taken for silent. Records whose replay changes
 * incidents (the stream has not reached them yet) are committed by the detector's own path first.
 */
async function checkSilence(organizationId: string, identifier: string, watchedDue: string, now: number): Promise<boolean> {
  const scope = `${organizationId}|${identifier}`;
  for (let conflicts = 0; conflicts < MAX_CONFLICTS; conflicts++) {
    const input = await repo.loadDetectorInput(organizationId, identifier);
    const state = structuredClone(input.state);
    const { points, hasMore } = await newRecords(organizationId, identifier, 'device', state.lastTs, now);
    const fresh = points.filter((p) => state.lastTs === null || p.t > state.lastTs);
    if (fresh.length > 0 || hasMore || state.carry) {
      // Records the detector deferred: committed first (they would otherwise leave the 24 h replay
      // window uncommitted if the device's next delivery is far off), then the device is judged.
      await detectLane(organizationId, identifier, now, 'device', { evaluated: 0, opened: [], resolved: [] }, undefined, 'catchUp');
      continue;
    }
    // Records held for the value detectors (an upload's hole never filled) are judged now (round 8).
    const held: Changes = { opened: [], updated: new Map() };
    // One transaction's worth of new incidents, leaving room for the dropout evaluateSilence may open.
    const flushed = evaluateHeld(state, held, { scope, now, rules: withBuiltInRules(input.rules), maxNewIncidents: NEW_INCIDENTS_PER_COMMIT - 1 });
    const changes = evaluateSilence(state, { scope, now });
    changes.opened.unshift(...held.opened);
    for (const [id, u] of held.updated) if (!changes.updated.has(id)) changes.updated.set(id, u);
    if (changes.opened.length === 0 && !flushed && !changes.released) {
      const due = nextCheck(state);
      if (due !== undefined && due > now) await repo.refreshWatch(organizationId, identifier, watchedDue, due);
      return false;
    }
    // Round 13: the organization's own hold for a live dropout's ticket, and the held ones whose time came, read back.
    const live = changes.opened.find((i) => i.held !== undefined);
    const [config, released] = await Promise.all([
      live || changes.released ? loadTicketConfig(organizationId) : undefined,
      changes.released ? repo.incidentsOf(organizationId, identifier, changes.released) : undefined,
    ]);
    const holdMs = config?.dropoutHoldMinutes === undefined ? DROPOUT_HOLD_MS : config.dropoutHoldMinutes * 60_000;
    if (live && holdMs !== DROPOUT_HOLD_MS) holdTicket(state, live, holdMs);
    try {
      // The device is silent: nothing to watch until it reports again (its next record re-creates the entry)
      // or a held ticket's time comes. A gap confirmed while the device still reports keeps it watched.
      announce(await commitWithTickets(organizationId, identifier, state, changes, now, repo.watchWrite(organizationId, identifier, watchDue(state)), { config, released }));
      // What did not fit (fitCommit) is written by the detector's path at the loop's next turn.
      if (!state.carry) return changes.opened.length > 0;
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
    }
  }
  throw keptChanging(identifier);
}

export { SWEEP_QUEUE_URL_ENV, type SweepJob } from './sweep-jobs';

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
export async function sweepDropouts(options: { now?: number; organizationId?: string; queue?: JobSender<SweepJob> | null } = {}): Promise<SweepTotals> {
  const now = options.now ?? Date.now();
  const orgIds = options.organizationId ? [options.organizationId] : (await listOrganizations()).map((o) => o.organizationId);
  const queue = options.organizationId ? undefined : options.queue === undefined ? jobSenderFromEnv<SweepJob>(SWEEP_QUEUE_URL_ENV) : (options.queue ?? undefined);
  const totals: SweepTotals = { organizations: orgIds.length, checked: 0, opened: 0, failed: 0, failedOrganizations: 0, enqueued: 0, at: iso(now) };
  if (queue) return enqueueSweeps(orgIds, queue, now);
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

// --- GET /device/{identifier}/incidents: shared/domain/anomaly/incident-list.ts (a module without the detectors, for the read paths) ---
export { listDeviceIncidents } from './incident-list';

// --- operator rules: shared/domain/anomaly/monitor-rules.ts ---------------------------------------
export { addThresholdRule, listThresholdRules, removeThresholdRule } from './monitor-rules';
