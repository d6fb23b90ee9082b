import type { BenchSeries } from './anomaly-set';
import type { HeldoutSeries } from './anomaly-heldout';
import { evaluateRecords, evaluateSilence, newDeviceState, type Changes, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

const MIN = 60_000;
/** The dropout sweep's period, as deployed (routes.ts, DropoutSweep). */
export const SWEEP_MS = 5 * MIN;
/** How late an incident may start after its labelled window and still count as found. */
export const TOLERANCE_MS = 30 * MIN;

/** The bench's one matching rule: an incident starting at `startedAt` finds `label` when it starts inside its window or up to {@link TOLERANCE_MS} after it. */
export const startsInLabel = (startedAt: number, label: { from: number; to: number }): boolean => startedAt >= label.from && startedAt <= label.to + TOLERANCE_MS;

/** A series of any bench set: the tuning set's or a held-out one's (with arrival times). */
export type AnySeries = Omit<BenchSeries, 'labels'> & { labels: HeldoutSeries['labels']; arrivals?: number[] };

/**
 * Feeds a series to the pure detectors in arrival order; returns the incidents it opened and did not
 * withdraw (round 13: a live dropout's ticket is held, as deployed, DROPOUT_HOLD_MS; one whose silence
 * late records covered meanwhile is withdrawn and never ticketed: not an incident of the bench's).
 * `uploadEveryMs` 0: each record arrives when the series says (`arrivals`) or a second after its
 * timestamp; otherwise the records of each period arrive together at its end (a gateway
 * uploading hourly). `withdrawn` (optional) collects the withdrawn ones; `observe` (optional) sees every
 * evaluation's changes (the regime what-if notes when each incident resolved).
 */
export function replay(series: AnySeries, uploadEveryMs: number, withdrawn: NewIncident[] = [], observe?: (changes: Changes) => void): NewIncident[] {
  const state = newDeviceState();
  const opened: NewIncident[] = [];
  const gone = new Set<string>();
  const take = (changes: Changes) => {
    observe?.(changes);
    opened.push(...changes.opened);
    for (const w of changes.withdrawn ?? []) gone.add(w.incidentId);
  };
  const points = series.points;
  let nextSweep = (points[0] as TelemetryPoint).t + SWEEP_MS;
  const sweepTo = (t: number) => {
    for (; nextSweep < t; nextSweep += SWEEP_MS) take(evaluateSilence(state, { scope: series.identifier, now: nextSweep }));
  };
  const uploads = new Map<number, TelemetryPoint[]>();
  points.forEach((p, i) => {
    const own = series.arrivals?.[i] ?? p.t + 1000;
    const arrival = uploadEveryMs === 0 ? own : Math.max(own, (Math.floor(p.t / uploadEveryMs) + 1) * uploadEveryMs + 1000);
    uploads.set(arrival, [...(uploads.get(arrival) ?? []), p]);
  });
  for (const [arrival, chunk] of [...uploads].sort((a, b) => a[0] - b[0])) {
    sweepTo(arrival);
    take(evaluateRecords(state, chunk, { scope: series.identifier, now: arrival, rules: [] }).changes);
  }
  sweepTo((points.at(-1) as TelemetryPoint).t + SWEEP_MS);
  withdrawn.push(...opened.filter((i) => gone.has(i.incidentId)));
  return opened.filter((i) => !gone.has(i.incidentId));
}

