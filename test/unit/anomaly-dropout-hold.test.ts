import { DROPOUT_HOLD_MS, RELEASES_PER_CHECK, evaluateRecords, evaluateSilence, newDeviceState, watchDue, type Changes, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 13 (issue 20): the held dropout ticket, pure. A live dropout's ticket waits DROPOUT_HOLD_MS;
 * records measured during the silence that arrive meanwhile split it, and a silence left with no
 * piece as long as the dropout's own silence limit is withdrawn (never ticketed). At the hold's end
 * the sweep releases the ticket; nothing withdraws it after that.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2035, 4, 7);

/** A device reporting every minute for 3 hours (each record delivered a second after it), then silent. */
function reporting(): { state: DeviceState; last: number } {
  const state = newDeviceState();
  let last = START;
  for (let t = START; t < START + 3 * HOUR; t += MIN) {
    evaluateRecords(state, [{ t, m: { v: 1 + (t / MIN) % 3 } }], { scope: 'hold', now: t + 1000, rules: [] });
    last = t;
  }
  return { state, last };
}

/** Sweeps every 5 minutes from `from` until the dropout opens; returns it and the sweep's clock. */
function sweepUntilDropout(state: DeviceState, from: number, holdMs?: number): { dropout: NewIncident; at: number } {
  for (let at = from; at < from + 6 * HOUR; at += 5 * MIN) {
    const opened = evaluateSilence(state, { scope: 'hold', now: at, ...(holdMs === undefined ? {} : { holdMs }) }).opened;
    if (opened.length > 0) return { dropout: opened[0] as NewIncident, at };
  }
  throw new Error('no dropout');
}

const minutes = (last: number, ms: number[]): TelemetryPoint[] => ms.map((m) => ({ t: last + m * MIN, m: { v: 2 } }));
const deliver = (state: DeviceState, points: TelemetryPoint[], now: number, late: TelemetryPoint[] = []): Changes =>
  evaluateRecords(state, points, { scope: 'hold', now, rules: [], ...(late.length ? { late } : {}) }).changes;

test('a live dropout opens at once with its ticket held; the watch comes due at the hold’s end', () => {
  const { state, last } = reporting();
  const { dropout, at } = sweepUntilDropout(state, last + 5 * MIN);
  expect(dropout).toMatchObject({ kind: 'dropout', startedAt: last, detectedAt: at, held: at + DROPOUT_HOLD_MS });
  expect(dropout.evidence.baseline.ticketHeldUntil).toBe(new Date(at + DROPOUT_HOLD_MS).toISOString());
  // One piece, open until the device's first record at or after the detection.
  expect(state.held).toEqual([{ id: dropout.incidentId, s: last, due: at + DROPOUT_HOLD_MS, gaps: [last, 8.64e15], lim: Number(dropout.evidence.baseline.silenceLimitSeconds) * 1000, at }]);
  expect(watchDue(state)).toBe(at + DROPOUT_HOLD_MS);
});

test('records that cover the silence withdraw the dropout; the hold’s end then releases nothing', () => {
  const { state, last } = reporting();
  const { dropout, at } = sweepUntilDropout(state, last + 5 * MIN);
  const silent = (at - last) / MIN;
  const every = Array.from({ length: silent }, (_, i) => i + 1);
  const changes = deliver(state, minutes(last, every), at + 40 * MIN);
  expect(changes.withdrawn).toEqual([{ incidentId: dropout.incidentId, startedAt: last }]);
  expect(changes.updated.get(dropout.incidentId)?.resolvedAt).toBe(at + 40 * MIN);
  expect(state.held).toBeUndefined();
  expect(evaluateSilence(state, { scope: 'hold', now: at + DROPOUT_HOLD_MS }).released).toBeUndefined();
});

test('pieces shorter than the silence limit are covered; one piece as long stays and the ticket is released at the hold’s end, once', () => {
  const { state, last } = reporting();
  const { dropout, at } = sweepUntilDropout(state, last + 5 * MIN);
  const limit = Number(dropout.evidence.baseline.silenceLimitSeconds) * 1000;
  // Records every minute except one hole exactly as long as the limit: not covered.
  const hole = [2 * MIN, 2 * MIN + limit];
  expect(hole[1]).toBeLessThan(at - last);
  const partial = minutes(last, Array.from({ length: (at - last) / MIN }, (_, i) => i + 1)).filter((p) => p.t - last <= hole[0] || p.t - last >= (hole[1] as number));
  const changes = deliver(state, partial, at + 30 * MIN);
  expect(changes.withdrawn).toBeUndefined();
  expect(state.held?.[0]?.gaps).toEqual([last + (hole[0] as number), last + (hole[1] as number)]);
  expect(evaluateSilence(state, { scope: 'hold', now: at + DROPOUT_HOLD_MS - MIN }).released).toBeUndefined();
  const released = evaluateSilence(state, { scope: 'hold', now: at + DROPOUT_HOLD_MS }).released;
  expect(released?.map((h) => h.id)).toEqual([dropout.incidentId]);
  // (Silent again since its last record, the device has a new dropout by now, held in its turn.)
  expect(state.held?.map((h) => h.id)).not.toContain(dropout.incidentId);
  // A record filling the hole after the release withdraws nothing: the ticket is out.
  expect(deliver(state, [], at + DROPOUT_HOLD_MS + MIN, [{ t: last + (hole[0] as number) + limit / 2, m: { v: 2 } }]).withdrawn).toBeUndefined();
});

test('records arriving out of order, live ones first and the backlog in pieces, cover the silence as well as in order', () => {
  const { state, last } = reporting();
  const { dropout, at } = sweepUntilDropout(state, last + 5 * MIN);
  const silent = (at - last) / MIN;
  // The device resumes first (its live record), then the backlog arrives newest part first, as late
  // records: the newest 3 minutes leave a piece longer than the silence limit, the rest covers it.
  expect(deliver(state, minutes(last, [silent + 2]), at + 3 * MIN).withdrawn).toBeUndefined();
  const backlog = minutes(last, Array.from({ length: silent }, (_, i) => i + 1));
  const newer = backlog.slice(-3);
  const older = backlog.slice(0, -3);
  expect(deliver(state, [], at + 20 * MIN, newer).withdrawn).toBeUndefined();
  expect(deliver(state, [], at + 25 * MIN, older).withdrawn).toEqual([{ incidentId: dropout.incidentId, startedAt: last }]);
});

test('a backlog that covers the silence only up to its detection does not withdraw a device that stayed dead: the silence lasts until its first record after', () => {
  const { state, last } = reporting();
  const { dropout, at } = sweepUntilDropout(state, last + 5 * MIN);
  const limit = Number(dropout.evidence.baseline.silenceLimitSeconds) * 1000;
  const silent = (at - last) / MIN;
  // The device comes back 2 silence limits after it was found silent; its backlog follows, every
  // minute up to a minute before the detection (it died then): the stretch from there to its return stays.
  const back = at + 2 * limit;
  expect(deliver(state, [{ t: back, m: { v: 2 } }], back + 1000).withdrawn).toBeUndefined();
  expect(deliver(state, [], back + 5 * MIN, minutes(last, Array.from({ length: silent - 1 }, (_, i) => i + 1))).withdrawn).toBeUndefined();
  expect(state.held?.[0]?.gaps).toEqual([at - MIN, back]);
  expect(evaluateSilence(state, { scope: 'hold', now: at + DROPOUT_HOLD_MS }).released?.map((h) => h.id)).toEqual([dropout.incidentId]);
});

test('a hold of 0 (the org’s `--dropout-hold 0`) holds nothing: the ticket goes out with the incident', () => {
  const { state, last } = reporting();
  const { dropout } = sweepUntilDropout(state, last + 5 * MIN, 0);
  expect(dropout.held).toBeUndefined();
  expect(dropout.evidence.baseline.ticketHeldUntil).toBeUndefined();
  expect(state.held).toBeUndefined();
  expect(watchDue(state)).toBeNull();
});

test('round 14: one sweep check releases at most RELEASES_PER_CHECK held tickets; the rest stay due and the next check releases them', () => {
  const { state, last } = reporting();
  const { at } = sweepUntilDropout(state, last + 5 * MIN);
  const [held] = state.held ?? [];
  // Six holds come due together (the sweep did not run for hours): six tickets would not fit one transaction with room to spare.
  state.held = Array.from({ length: 6 }, (_, i) => ({ ...(held as NonNullable<DeviceState['held']>[number]), id: `held-${i}` }));
  const now = at + DROPOUT_HOLD_MS;
  const first = evaluateSilence(state, { scope: 'hold', now });
  expect(first.released?.map((h) => h.id)).toEqual(['held-0', 'held-1', 'held-2', 'held-3']);
  expect(RELEASES_PER_CHECK).toBe(4);
  expect(state.held?.map((h) => h.id)).toEqual(['held-4', 'held-5']);
  // Still due: the watch says so, and the next check releases the rest, once.
  expect(watchDue(state)).toBeLessThanOrEqual(now);
  expect(evaluateSilence(state, { scope: 'hold', now: now + 5 * MIN }).released?.map((h) => h.id)).toEqual(['held-4', 'held-5']);
  expect(state.held).toBeUndefined();
  expect(evaluateSilence(state, { scope: 'hold', now: now + 10 * MIN }).released).toBeUndefined();
});
