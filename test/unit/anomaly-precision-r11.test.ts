import { rng } from '../../scripts/bench/anomaly-set';
import { evaluatePoint, newSeriesState, type AnomalyKind } from '../../shared/domain/anomaly/detectors';

/**
 * Round 11 (issue 20, false alarms): exactly 0 on a series that never went below 0 is the device
 * off. A broadcast transmitter's forward power, read every minute, sits near 100 kW on air and at
 * exactly 0 kW off air: off from 05:00 to 06:30 and from 18:00 to 23:00 every day. Its first evening
 * off (past the 12-hour warm-up) is not a level shift, and the five hours at 0 are not a flatline.
 * Written from the description, not a bench set.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2035, 6, 3, 0, 0);

type Point = { t: number; v: number };

/** Three days of the transmitter; `override` may replace a point's value (a fault). */
function transmitter(seed: number, override?: (t: number, v: number) => number): Point[] {
  const r = rng(seed);
  const out: Point[] = [];
  for (let i = 0; i < 72 * 60; i++) {
    const t = START + i * MIN;
    const h = new Date(t).getUTCHours() + new Date(t).getUTCMinutes() / 60;
    const off = (h >= 5 && h < 6.5) || h >= 18 || h < 0;
    const v = off ? 0 : Math.round((102 + 2 * Math.sin((2 * Math.PI * t) / (3 * HOUR)) + r.normal()) * 10) / 10;
    out.push({ t, v: override ? override(t, v) : v });
  }
  return out;
}

/** Where signals of those kinds start, as hours from START (one decimal), each once (a flatline signals on every point while it lasts). */
function signals(points: Point[], kinds: AnomalyKind[]): number[] {
  const s = newSeriesState();
  const at: number[] = [];
  for (const p of points) for (const sig of evaluatePoint(s, p.t, p.v).signals) if (kinds.includes(sig.kind)) at.push(Math.round(((sig.startedAt - START) / HOUR) * 10) / 10);
  return [...new Set(at)];
}

describe('round 11: exactly 0 on a series that never went below 0 is the device off', () => {
  it.each([1, 2, 3])('the transmitter off air (first evening included) is neither a level shift nor a flatline (seed %i)', (seed) => {
    expect(signals(transmitter(seed), ['level_shift', 'flatline'])).toEqual([]);
  });

  it('control: an always-on compressor that dies to exactly 0 on day 2 (it never read 0 before) is a level shift: 0 is an off state only once the series came back from it', () => {
    // Motor current every minute, about 12 A with a slow wave, never 0; dead from 16:00 on day 2.
    const r = rng(11);
    const pts: Point[] = [];
    const dead = START + 40 * HOUR;
    for (let i = 0; i < 72 * 60; i++) {
      const t = START + i * MIN;
      pts.push({ t, v: t >= dead ? 0 : Math.round((12 + 2 * Math.sin(i / 229) + 0.3 * r.normal()) * 10) / 10 });
    }
    expect(signals(pts, ['level_shift'])).toEqual([40]);
  });

  it('control: a one-point glitch to 0 on day 1 does not make 0 an off state: the compressor dying to 0 on day 2 is still a level shift', () => {
    const r = rng(12);
    const pts: Point[] = [];
    const glitch = START + 20 * HOUR;
    const dead = START + 40 * HOUR;
    for (let i = 0; i < 72 * 60; i++) {
      const t = START + i * MIN;
      const v = Math.round((12 + 2 * Math.sin(i / 229) + 0.3 * r.normal()) * 10) / 10;
      pts.push({ t, v: t >= dead || t === glitch ? 0 : v });
    }
    expect(signals(pts, ['level_shift'])).toEqual([40]);
  });

  it('control: a step to a reduced power (40 kW from 10:00 on day 2, four hours) is still a level shift', () => {
    const from = START + 34 * HOUR;
    const at = signals(transmitter(5, (t, v) => (t >= from && t < from + 4 * HOUR && v > 0 ? Math.round((40 + ((t / MIN) % 7) * 0.3) * 10) / 10 : v)), ['level_shift']);
    expect(at).toContain(34);
  });

  it('control: its reading frozen on air (from 08:00 on day 3, two hours) is a flatline, after off periods far longer', () => {
    const from = START + 56 * HOUR;
    const at = signals(transmitter(6, (t, v) => (t >= from && t < from + 2 * HOUR ? 101.3 : v)), ['flatline']);
    expect(at).toEqual([56]);
  });

  it('a long idle at 0 does not make a freeze while charging normal: a charger frozen for 40 minutes after a 3-hour idle is a flatline', () => {
    // An EV charger's current every minute: charging at about 16 A with 5-minute pauses at exactly 0
    // every 2 hours, idle (0) from 14:00 to 17:00, charging again; its reading freezes at 21:00 for 40 minutes.
    const r = rng(9);
    const pts: Point[] = [];
    const freeze = START + 21 * HOUR;
    for (let i = 0; i < 26 * 60; i++) {
      const t = START + i * MIN;
      const idle = (t >= START + 14 * HOUR && t < START + 17 * HOUR) || i % 120 >= 115;
      let v = idle ? 0 : Math.round((16 + 0.4 * r.normal()) * 10) / 10;
      if (t >= freeze && t < freeze + 40 * MIN) v = 16.2;
      pts.push({ t, v });
    }
    expect(signals(pts, ['flatline'])).toEqual([21]);
  });

  it('control: exactly 0 on a series that goes below 0 (a cold store around 0 °C) frozen for two hours is a flatline', () => {
    const r = rng(8);
    const pts: Point[] = [];
    const from = START + 40 * HOUR;
    for (let i = 0; i < 60 * 60; i++) {
      const t = START + i * MIN;
      const v = t >= from && t < from + 2 * HOUR ? 0 : Math.round((0.5 * Math.sin((2 * Math.PI * t) / (6 * HOUR)) + 0.15 * r.normal()) * 100) / 100;
      pts.push({ t, v });
    }
    expect(signals(pts, ['flatline'])).toEqual([40]);
  });
});

/**
 * Round 11, second change: a slope change that begins on a series' first day of a new kind (round
 * 10's fresh day) is learned like the daily profile's departures, not reported. A meeting room's
 * CO2 every 5 minutes, followed from a Saturday: flat near 420 ppm at the weekend; on working days it
 * climbs from 08:00 to 12:00 (people arrive) and falls back from 17:00. Its first Monday morning is
 * its schedule; a ventilation fault that starts climbing on Sunday evening is not.
 */
const SATURDAY = Date.UTC(2035, 6, 7, 0, 0);

function meetingRoom(seed: number, override?: (t: number, v: number) => number): Point[] {
  const r = rng(seed);
  const out: Point[] = [];
  for (let i = 0; i < 5 * 24 * 12; i++) {
    const t = SATURDAY + i * 5 * MIN;
    const day = new Date(t).getUTCDay();
    const h = new Date(t).getUTCHours() + new Date(t).getUTCMinutes() / 60;
    const people = day === 0 || day === 6 ? 0 : h < 8 ? 0 : h < 12 ? (h - 8) / 4 : h < 17 ? 1 : h < 20 ? 1 - (h - 17) / 3 : 0;
    const v = Math.round(420 + 380 * people + 6 * r.normal());
    out.push({ t, v: override ? override(t, v) : v });
  }
  return out;
}

function slopes(points: Point[]): number[] {
  const s = newSeriesState();
  const at: number[] = [];
  for (const p of points) for (const sig of evaluatePoint(s, p.t, p.v).signals) if (sig.kind === 'regime_change' && String(sig.evidence.baseline.change).startsWith('slope')) at.push(Math.round(((sig.startedAt - SATURDAY) / HOUR) * 10) / 10);
  return [...new Set(at)];
}

describe('round 11: a slope change that begins on the first day of a new kind is the schedule', () => {
  it.each([1, 2, 3])('the first working morning\'s climb is no slope change (seed %i)', (seed) => {
    expect(slopes(meetingRoom(seed))).toEqual([]);
  });

  it('control: a climb that began on Sunday evening (a ventilation fault) is still reported', () => {
    const from = SATURDAY + 44 * HOUR; // Sunday 20:00
    const at = slopes(meetingRoom(4, (t, v) => (t >= from && t < from + 12 * HOUR ? v + Math.round(((t - from) / HOUR) * 30) : v)));
    expect(at.length).toBeGreaterThan(0);
    expect(Math.min(...at)).toBeLessThan(48);
  });
});
