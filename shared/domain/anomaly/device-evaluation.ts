import { createHash } from 'node:crypto';
import {
  addPendingGap,
  checkDropout,
  DETECTOR,
  dropoutDue,
  dueGaps,
  evaluatePoint,
  gapSignal,
  isGap,
  newCadenceState,
  newSeriesState,
  recordDelivery,
  recordLateReport,
  recordReport,
  type AnomalyKind,
  type CadenceState,
  type SeriesState,
  type Signal,
  type ThresholdRule,
} from './detectors';
import type { DetectionLane } from './sources';
import { isoTime as iso } from '../../iso-time';

/**
 * A device's whole detector state and the incident bookkeeping on top of the detectors, still
 * pure: the service reads a {@link DeviceState}, calls {@link evaluateRecords} or
 * {@link evaluateSilence}, and writes the state back with the incidents it opened, attached to
 * or resolved, in one conditional transaction.
 */

/** Records whose timestamp is older than this when they are evaluated never open incidents (backfill, late uploads). */
export const MAX_RECORD_AGE_MS = 24 * 3_600_000;
/** Series watched per device; measurements beyond are stored but not watched (bounds the state item). */
export const MAX_SERIES_PER_DEVICE = 100;
/** `measurement` of a dropout: it concerns the whole device. */
export const DEVICE_WIDE = '*';

export interface OpenIncident {
  incidentId: string;
  kind: AnomalyKind;
  measurement: string | null;
  startedAt: number;
  lastAt: number;
  count: number;
  quiet: number;
  lastValue: number | null;
}

export interface DeviceState {
  /** Optimistic-lock version of the stored state (0: nothing stored yet). */
  version: number;
  /** Newest evaluated record timestamp (ms) of the device lane (REST, MQTT); older records are not evaluated. */
  lastTs: number | null;
  /** The same for the crash lane (the crash-reporting sync's records, on the sync's clock). */
  crashTs: number | null;
  cadence: CadenceState;
  series: Record<string, SeriesState>;
  /** Open incidents by `<measurement>|<kind>`. */
  open: Record<string, OpenIncident>;
  /**
   * Round 8: device-lane records held back from the value detectors while a hole before them may still
   * be filled by the rest of their upload (see {@link VALUE_ORDER}): when they were first held (`at`,
   * evaluation clock), the newest record the value detectors had evaluated (`from`), and the records.
   * Absent when none (the usual case).
   */
  park?: { at: number; from: number; pts: TelemetryPoint[] };
  /** Round 13: live dropouts whose ticket is held ({@link HeldTicket}); absent when none (the usual case). */
  held?: HeldTicket[];
  /**
   * Round 14: incident changes an earlier commit could not hold (DynamoDB's 100 items per transaction),
   * committed with this state and written by the next commits before anything new is evaluated
   * (anomaly.service.ts, `fitCommit`). Absent when none (the usual case).
   */
  carry?: { opened: NewIncident[]; updated: [string, { open: OpenIncident; resolvedAt: number | null }][] };
}

/**
 * Round 13 (issue 20): a dropout the sweep finds live is an incident at once, but its ticket waits
 * {@link DROPOUT_HOLD_MS} (per org: `org set-proactive --dropout-hold <minutes>`). A device that
 * kept measuring while its records were late (a satellite pass, a stalled poll, a store-and-forward
 * gateway) delivers them meanwhile: when the records that arrive cover the silence (no piece of it
 * as long as the dropout's own silence limit is left without a record), the incident is withdrawn
 * and never gets a ticket. A late batch that fills only part of a real outage leaves a piece: the
 * ticket goes out at `due`. Measured before it was built (docs/anomaly-detection.md, "Round 12:
 * false dropouts as delivered"): 44 of 74 false dropouts as delivered withdrawn on v1-v12, no true one.
 */
export interface HeldTicket {
  /** The incident's id and start (its item's key). */
  id: string;
  s: number;
  /** When the ticket goes out if the silence is not covered by then (ms, evaluation clock). */
  due: number;
  /**
   * The pieces of the silence no record has covered yet: flat pairs [from, to, …], each at least `lim`
   * long. The last one is open (`to` {@link OPEN_END}) until a record at or after the detection time
   * `at` ends it: the silence lasts until the device's first record after it was found silent, so a
   * backlog that covers only up to the detection does not withdraw a device that stayed dead.
   */
  gaps: number[];
  /** The dropout's silence limit (ms) and when it was detected (ms). */
  lim: number;
  at: number;
}

/** The `to` of a held silence's last piece while no record at or after its detection has arrived. */
const OPEN_END = 8.64e15;

/** How long a live dropout's ticket waits for late records that cover its silence (the default of `--dropout-hold`). */
export const DROPOUT_HOLD_MS = 2 * 3_600_000;

/**
 * Round 8: the value detectors see an upload's records in timestamp order even when they arrive out
 * of order. A gateway or logger that flushes its buffer message by message (each on its own wire
 * delay) delivers its records shuffled over a few seconds; each record older than one already
 * evaluated used to be dropped, so such a device's series was judged on a few percent of its points
 * (v8: 7-37 % on 11 of 18 device types; v6: 21 series under 90 %). A record that leaves a hole after
 * the newest evaluated one (a step beyond `holeFactor` × the device's usual gap) is held, with any
 * that follow, until the hole is filled (then evaluated at once, oldest first) or `settleMs` has
 * passed since it was held (then evaluated anyway: a real gap). At most `maxHeld` records are held
 * (beyond, the oldest are evaluated). In-order devices hold nothing; dropout detection and the
 * learned cadence still see every record as it arrives.
 */
export const VALUE_ORDER = { holeFactor: 1.5, settleMs: 5 * 60_000, maxHeld: 256, usualQuantile: 0.25 } as const;

export const newDeviceState = (): DeviceState => ({ version: 0, lastTs: null, crashTs: null, cadence: newCadenceState(), series: {}, open: {} });

/**
 * The device's usual step between records for {@link VALUE_ORDER}: the lower of a low quantile of the
 * learned gaps (a shuffled upload teaches some long ones) and the median step of a watched series'
 * window (the points the value detectors saw). Undefined before three gaps are learned: nothing is held.
 */
function usualStep(state: DeviceState): number | undefined {
  const gaps = [...state.cadence.gaps].sort((a, b) => a - b);
  if (gaps.length < 3) return undefined;
  let usual = gaps[Math.floor(gaps.length * VALUE_ORDER.usualQuantile)] as number;
  const times = Object.values(state.series)[0]?.times ?? [];
  if (times.length >= 4) {
    const steps = times.slice(1).map((t, i) => t - (times[i] as number)).sort((a, b) => a - b);
    usual = Math.min(usual, steps[steps.length >> 1] as number);
  }
  return usual > 0 ? usual : undefined;
}

/** A new incident, as first stored. Times are epoch ms. */
export interface NewIncident {
  incidentId: string;
  kind: AnomalyKind;
  measurement: string | null;
  startedAt: number;
  detectedAt: number;
  severity: Signal['severity'];
  evidence: Signal['evidence'];
  open: OpenIncident;
  resolvedAt: number | null;
  /** Round 13: a live dropout whose ticket is held until this time (ms; {@link HeldTicket}): no ticket now. */
  held?: number;
}

/**
 * Incidents an evaluation changed: opened (new), attached to or resolved (existing); round 13: held
 * dropouts whose silence the records covered (`withdrawn`: no ticket, ever) and held ones whose
 * time came (`released`: their ticket goes out now). Both absent when empty.
 */
export interface Changes {
  opened: NewIncident[];
  updated: Map<string, { open: OpenIncident; resolvedAt: number | null }>;
  withdrawn?: { incidentId: string; startedAt: number }[];
  released?: HeldTicket[];
}

export interface TelemetryPoint {
  t: number;
  m: Record<string, number>;
}

/**
 * The incident's id: the same device, measurement, kind and start always give the same id, so a
 * redelivered record can only ever meet the incident it already opened (the conditional Put fails).
 */
export function incidentIdOf(scope: string, measurement: string | null, kind: AnomalyKind, startedAt: number): string {
  const h = createHash('sha256').update(`${scope}|${measurement ?? DEVICE_WIDE}|${kind}|${startedAt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const keyOf = (measurement: string | null, kind: AnomalyKind) => `${measurement ?? DEVICE_WIDE}|${kind}`;

function raise(state: DeviceState, changes: Changes, scope: string, measurement: string | null, signal: Signal, now: number): void {
  const key = keyOf(measurement, signal.kind);
  const open = state.open[key];
  if (open) {
    open.count++;
    open.quiet = 0;
    open.lastAt = Math.max(open.lastAt, signal.startedAt);
    open.lastValue = signal.value;
    if (!changes.opened.some((i) => i.open === open)) changes.updated.set(open.incidentId, { open, resolvedAt: null });
    return;
  }
  const incidentId = incidentIdOf(scope, measurement, signal.kind, signal.startedAt);
  const created: OpenIncident = { incidentId, kind: signal.kind, measurement, startedAt: signal.startedAt, lastAt: signal.startedAt, count: 1, quiet: 0, lastValue: signal.value };
  state.open[key] = created;
  changes.opened.push({ incidentId, kind: signal.kind, measurement, startedAt: signal.startedAt, detectedAt: now, severity: signal.severity, evidence: signal.evidence, open: created, resolvedAt: null });
}

function resolve(state: DeviceState, changes: Changes, key: string, now: number): void {
  const open = state.open[key] as OpenIncident;
  delete state.open[key];
  const opened = changes.opened.find((i) => i.open === open);
  if (opened) opened.resolvedAt = now;
  else changes.updated.set(open.incidentId, { open, resolvedAt: now });
}

/**
 * Evaluates a device's new records in timestamp order (older than `lastTs` or than 24 hours: not
 * evaluated). Stops after `maxNewIncidents` new incidents so one transaction can hold them; the
 * caller commits and calls again with the rest. Returns how many records it consumed.
 *
 * Device lane, delivery lag: records of the delivery older than the newest evaluated one (in
 * `records`, or `late` when the caller filtered them out: the stream delivered them, the table
 * query never returns them) are not evaluated, but they count for the delivery's lag and fill gaps
 * still waiting to be confirmed. A gap found when the data resume waits for the device's lag
 * allowance (a late batch may fill it) and DELIVERY.settleMs after it was found (the rest of its
 * upload may still be arriving, out of order), then is a dropout: all gaps due at one evaluation
 * make one incident (one ticket), joined to the live dropout this delivery ended if there is one
 * (joining opens nothing, so it does not wait for the rest of the upload).
 */
export function evaluateRecords(
  state: DeviceState,
  records: readonly TelemetryPoint[],
  ctx: { scope: string; now: number; rules: readonly ThresholdRule[]; maxNewIncidents?: number; lane?: DetectionLane; late?: readonly TelemetryPoint[] },
): { consumed: number; changes: Changes } {
  const changes: Changes = { opened: [], updated: new Map() };
  const sorted = [...records].sort((a, b) => a.t - b.t);
  const lane = ctx.lane ?? 'device';
  let consumed = 0;
  /** This delivery's oldest record not older than 24 h (device lane): its lag is the delivery's. */
  let oldest: number | undefined;
  /** The live dropout this delivery ended: gaps confirmed now join it (one delivery opens at most one, issue 20). */
  let ended: OpenIncident | undefined;
  const dropoutKey = keyOf(null, 'dropout');
  if (lane === 'device') {
    for (const p of ctx.late ?? []) {
      if (p.t < ctx.now - MAX_RECORD_AGE_MS) continue;
      coverHeld(state, changes, p.t);
      oldest = Math.min(oldest ?? p.t, p.t);
      if (state.lastTs !== null && p.t <= state.lastTs) {
        recordLateReport(state.cadence, p.t);
        holdLate(state, p);
      }
    }
  }
  for (const record of sorted) {
    if (ctx.maxNewIncidents !== undefined && changes.opened.length >= ctx.maxNewIncidents) break;
    consumed++;
    const last = lane === 'crash' ? state.crashTs : state.lastTs;
    if (record.t < ctx.now - MAX_RECORD_AGE_MS) continue;
    if (lane === 'device') coverHeld(state, changes, record.t);
    if (lane === 'device') oldest = Math.min(oldest ?? record.t, record.t);
    if (last !== null && record.t <= last) {
      // Late (or delivered again): it may fill a gap found earlier; it is not evaluated again.
      // Round 8: one the value detectors have not seen yet (a held upload's hole) is theirs still.
      if (lane === 'device') {
        recordLateReport(state.cadence, record.t);
        if (holdLate(state, record)) flushHeld(state, changes, ctx);
      }
      continue;
    }
    if (lane === 'crash') {
      state.crashTs = record.t;
    } else {
      // Round 8: held for the value detectors when it leaves a hole (or others are held already).
      const usual = state.park || last === null ? undefined : usualStep(state);
      if (state.park || (usual !== undefined && record.t - (last as number) > VALUE_ORDER.holeFactor * usual)) {
        state.park ??= { at: ctx.now, from: last as number, pts: [] };
        state.park.pts.push(record);
      }
      state.lastTs = record.t;
      const silent = state.open[dropoutKey];
      // A gap nobody saw live (its records arrived late, together): it waits to be confirmed.
      const gap = !silent && isGap(state.cadence, record.t);
      if (gap) addPendingGap(state.cadence, state.cadence.last as number, record.t, ctx.now);
      recordReport(state.cadence, record.t, silent !== undefined || gap);
      if (silent) {
        ended = silent;
        resolve(state, changes, dropoutKey, ctx.now);
      }
      if (state.park) {
        flushHeld(state, changes, ctx);
        continue;
      }
    }
    evaluateValues(state, changes, ctx, record);
  }
  if (lane === 'device') {
    if (ctx.maxNewIncidents === undefined || changes.opened.length < ctx.maxNewIncidents) flushHeld(state, changes, ctx);
    // Gaps are judged against the lags learned before this delivery (a backdated batch's own lag does not excuse its gaps).
    if (ctx.maxNewIncidents === undefined || changes.opened.length < ctx.maxNewIncidents) confirmGaps(state, changes, ctx.scope, ctx.now, ended);
    if (oldest !== undefined) recordDelivery(state.cadence, ctx.now - oldest, ctx.now);
  }
  return { consumed, changes };
}

/** One record through the value detectors of each of its measurements (threshold rules, spike, level shift…). */
function evaluateValues(state: DeviceState, changes: Changes, ctx: { scope: string; now: number; rules: readonly ThresholdRule[] }, record: TelemetryPoint): void {
  for (const [measurement, value] of Object.entries(record.m)) {
    let series = state.series[measurement];
    if (!series) {
      if (Object.keys(state.series).length >= MAX_SERIES_PER_DEVICE) continue;
      series = state.series[measurement] = newSeriesState();
    }
    const result = evaluatePoint(series, record.t, value, ctx.rules.filter((r) => r.measurement === measurement));
    for (const signal of result.signals) raise(state, changes, ctx.scope, measurement, signal, ctx.now);
    const signalled = new Set(result.signals.map((s) => s.kind));
    for (const [key, open] of Object.entries(state.open)) {
      if (open.measurement !== measurement || signalled.has(open.kind) || result.abnormal.has(open.kind)) continue;
      open.quiet++;
      if (open.quiet >= DETECTOR.quietPoints && record.t - open.lastAt >= DETECTOR.quietMs) resolve(state, changes, key, ctx.now);
    }
  }
}

/** A late device-lane record inside the held upload's hole (newer than what the value detectors saw, not held yet) joins it. */
function holdLate(state: DeviceState, record: TelemetryPoint): boolean {
  const park = state.park;
  if (!park || record.t <= park.from || park.pts.some((p) => p.t === record.t)) return false;
  park.pts.push(record);
  return true;
}

/**
 * Evaluates the held records that now follow the value detectors' newest one without a hole, oldest
 * first; all of them once VALUE_ORDER.settleMs has passed since they were first held (or beyond
 * VALUE_ORDER.maxHeld, the oldest). Stops at `maxNewIncidents` (the rest stay held for the next call).
 */
function flushHeld(state: DeviceState, changes: Changes, ctx: { scope: string; now: number; rules: readonly ThresholdRule[]; maxNewIncidents?: number }): void {
  const park = state.park;
  if (!park) return;
  park.pts.sort((a, b) => a.t - b.t);
  const usual = usualStep(state);
  const settled = ctx.now - park.at >= VALUE_ORDER.settleMs;
  while (park.pts.length > 0) {
    if (ctx.maxNewIncidents !== undefined && changes.opened.length >= ctx.maxNewIncidents) return;
    const next = park.pts[0] as TelemetryPoint;
    const follows = usual !== undefined && next.t - park.from <= VALUE_ORDER.holeFactor * usual;
    if (!settled && !follows && park.pts.length <= VALUE_ORDER.maxHeld) break;
    park.pts.shift();
    if (next.t <= park.from) continue;
    park.from = next.t;
    if (next.t >= ctx.now - MAX_RECORD_AGE_MS) evaluateValues(state, changes, ctx, next);
  }
  if (park.pts.length === 0) delete state.park;
}

/**
 * The pending gaps due at `now` become one dropout incident, opened at the first gap's start and
 * resolved at the last gap's end (gaps ending more than 24 h ago are dropped), or join `ended`, the
 * live dropout the current delivery ended. Nothing while a dropout is open: the device is silent
 * and its gaps wait for it to resume.
 */
function confirmGaps(state: DeviceState, changes: Changes, scope: string, now: number, ended?: OpenIncident): void {
  const key = keyOf(null, 'dropout');
  if (state.open[key]) return;
  let incident = ended;
  for (const [from, to] of dueGaps(state.cadence, now, ended !== undefined)) {
    if (to < now - MAX_RECORD_AGE_MS) continue;
    const signal = gapSignal(state.cadence, from, to);
    if (incident) joinGap(changes, incident, signal, to);
    else {
      raise(state, changes, scope, null, signal, now);
      incident = state.open[key] as OpenIncident;
      resolve(state, changes, key, to);
    }
  }
}

/**
 * A further gap found on resume in the same delivery: the delivery's dropout incident spans it
 * (one incident, one ticket per delivery, however many gaps a backdated batch shows). A dropout
 * opened by this delivery counts the gaps in its evidence and resolves at the last resume; one
 * that was already open (the sweep's) gets the anomaly count.
 */
function joinGap(changes: Changes, open: OpenIncident, gap: Signal, resumedAt: number): void {
  open.count++;
  open.lastAt = Math.max(open.lastAt, gap.startedAt);
  const opened = changes.opened.find((i) => i.open === open);
  if (opened) {
    const b = opened.evidence.baseline;
    b.gaps = (typeof b.gaps === 'number' ? b.gaps : 1) + 1;
    b.silentSeconds = (typeof b.silentSeconds === 'number' ? b.silentSeconds : 0) + (gap.evidence.baseline.silentSeconds as number);
    b.resumedAt = iso(resumedAt);
    opened.resolvedAt = resumedAt;
  } else {
    const updated = changes.updated.get(open.incidentId);
    changes.updated.set(open.incidentId, { open, resolvedAt: updated?.resolvedAt ?? resumedAt });
  }
}

/**
 * The sweep's evaluation of records held for the value detectors (DeviceState.park) once
 * VALUE_ORDER.settleMs has passed: a device whose last upload left a hole and then fell silent has
 * them judged when its dropout watch comes due, not only when (if ever) it reports again. At most
 * `maxNewIncidents` incidents are opened (one transaction's worth); the rest stay held for the next call.
 * Returns whether anything was evaluated (the state changed).
 */
export function evaluateHeld(state: DeviceState, changes: Changes, ctx: { scope: string; now: number; rules: readonly ThresholdRule[]; maxNewIncidents?: number }): boolean {
  if (!state.park || ctx.now - state.park.at < VALUE_ORDER.settleMs) return false;
  flushHeld(state, changes, ctx);
  return true;
}

/**
 * The sweep's check at `now`: held tickets whose time came are released (`changes.released`), and a
 * dropout incident opens when the device is overdue and none is open. A live dropout's ticket is held
 * `holdMs` ({@link HeldTicket}; 0: it goes out at once).
 */
export function evaluateSilence(state: DeviceState, ctx: { scope: string; now: number; holdMs?: number }): Changes {
  const changes: Changes = { opened: [], updated: new Map() };
  // Round 14: at most RELEASES_PER_CHECK a check (their tickets fit one transaction); the rest stay due, for the next sweep.
  const due = (state.held ?? []).filter((h) => h.due <= ctx.now).slice(0, RELEASES_PER_CHECK);
  if (due.length > 0) {
    changes.released = due;
    setHeld(state, (state.held ?? []).filter((h) => !due.includes(h)));
  }
  if (state.open[keyOf(null, 'dropout')]) return changes;
  confirmGaps(state, changes, ctx.scope, ctx.now);
  const signal = checkDropout(state.cadence, ctx.now);
  if (signal) {
    raise(state, changes, ctx.scope, null, signal, ctx.now);
    holdTicket(state, changes.opened.at(-1) as NewIncident, ctx.holdMs ?? DROPOUT_HOLD_MS);
  }
  return changes;
}

/** Held tickets one sweep check releases: 4 tickets with their incidents' `ticketId` are 60 of a transaction's 100 items. */
export const RELEASES_PER_CHECK = 4;

const setHeld = (state: DeviceState, held: HeldTicket[]) => {
  if (held.length > 0) state.held = held;
  else delete state.held;
};

/**
 * Holds (or, `holdMs` 0, stops holding) the ticket of a live dropout just opened: its due time in the
 * state and in the incident's evidence (`ticketHeldUntil`). The service calls it again with the
 * organization's own hold once it has read its settings.
 */
export function holdTicket(state: DeviceState, incident: NewIncident, holdMs: number): void {
  const rest = (state.held ?? []).filter((h) => h.id !== incident.incidentId);
  const baseline = incident.evidence.baseline;
  if (holdMs <= 0) {
    setHeld(state, rest);
    delete incident.held;
    delete baseline.ticketHeldUntil;
    return;
  }
  const due = incident.detectedAt + holdMs;
  const limit = Number(baseline.silenceLimitSeconds) * 1000;
  const lim = limit > 0 ? limit : incident.detectedAt - incident.startedAt;
  setHeld(state, [...rest, { id: incident.incidentId, s: incident.startedAt, due, gaps: [incident.startedAt, OPEN_END], lim, at: incident.detectedAt }]);
  incident.held = due;
  baseline.ticketHeldUntil = iso(due);
}

/**
 * A device-lane record at `t` (fresh or late) covers its part of every held dropout's silence: the
 * piece it falls in splits, and the pieces shorter than the dropout's silence limit are covered. A
 * silence covered whole withdraws its incident (`changes.withdrawn`; the ticket is never made).
 */
function coverHeld(state: DeviceState, changes: Changes, t: number): void {
  if (!state.held) return;
  const keep: HeldTicket[] = [];
  for (const h of state.held) {
    const gaps: number[] = [];
    for (let i = 0; i < h.gaps.length; i += 2) {
      const from = h.gaps[i] as number;
      const to = h.gaps[i + 1] as number;
      if (t <= from || t >= to) gaps.push(from, to);
      else {
        if (t - from >= h.lim) gaps.push(from, t);
        // The open piece stays open after a record measured before the detection; one after it ends the silence.
        if (to === OPEN_END ? t < h.at : to - t >= h.lim) gaps.push(t, to);
      }
    }
    if (gaps.length > 0) keep.push({ ...h, gaps });
    else (changes.withdrawn ??= []).push({ incidentId: h.id, startedAt: h.s });
  }
  setHeld(state, keep);
}

/** The earliest held ticket's due time (ms), or undefined. */
const heldDue = (state: DeviceState) => (state.held?.length ? Math.min(...state.held.map((h) => h.due)) : undefined);

/** The earlier of two optional times. */
const earlier = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/**
 * When the sweep must look at the device next (ms): when it becomes overdue or a pending gap is due
 * ({@link dropoutDue}), or a held ticket's time comes, whichever is first; undefined when not watched yet.
 */
export const nextCheck = (state: DeviceState): number | undefined => earlier(dropoutDue(state.cadence), heldDue(state));

/**
 * The dropout watch's due time after an evaluation (ms): while a dropout is open, only a held
 * ticket's time (the device's next record re-creates the entry), else {@link nextCheck}.
 */
export function watchDue(state: DeviceState): number | null {
  return (state.open[keyOf(null, 'dropout')] ? heldDue(state) : nextCheck(state)) ?? null;
}
