import { normalizeCategoryName } from '../../shared/domain/ticket-config/ticket-config.schema';
import { ticketFeatures, prepareCategory, scoreFeatures, confidences, exampleFeatures } from '../../shared/domain/ticket/classifier/embedded';
import { addExample, type ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS, type LabelledTicket } from './classifier-set';
import { HELDOUT_TICKETS } from './classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from './classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, splitHeldoutV3 } from './classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from './classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from './classifier-heldout-v5';
import { OWN_TICKETS } from './classifier-own';
async function ex(l: readonly LabelledTicket[]) { const c: ExampleCounts = new Map(); for (const e of l) addExample(c, normalizeCategoryName(e.category), exampleFeatures(await ticketFeatures(e.ticket))); return c; }
type Rule = (p: number[], s: number[], short: boolean) => boolean;
const sorted = (p: number[]) => [...p].sort((a, b) => b - a);
const rules: [string, Rule][] = [['base 0.7', (p) => sorted(p)[0]! >= 0.7]];
for (const sm of [0.3, 0.4, 0.5]) for (const q of [0.25, 0.5]) for (const sh of [true, false]) rules.push([`${sh ? 'short ' : ''}s1>=${sm}&s2/s1<=${q}`, (p, sc, short) => { const [a] = sorted(p); const [s1, s2] = sorted(sc); return a! >= 0.7 || ((short || !sh) && s1! >= sm && s2! <= q * s1!); }]);
const isShort = (t: any) => !t.description && t.messages.length === 0 && t.title.split(/\s+/).length <= Number(process.env.SW ?? 6);
async function main() {
  const prepared = await Promise.all(BENCH_CATEGORIES.map(prepareCategory));
  const v3 = splitHeldoutV3();
  const sets: [string, LabelledTicket[], readonly LabelledTicket[], any[]][] = [['v5', HELDOUT_V5_TICKETS, HELDOUT_V5_EXAMPLES, HELDOUT_V5_NO_CATEGORY], ['v4', HELDOUT_V4_TICKETS, HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY], ['v3t', v3.tuning, HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY], ['v3h', v3.heldout, HELDOUT_V3_EXAMPLES, []], ['v2', HELDOUT_V2_TICKETS, HELDOUT_V2_EXAMPLES, []], ['v1', HELDOUT_TICKETS, BENCH_EXAMPLES, []], ['in', BENCH_TICKETS, BENCH_EXAMPLES, []], ['own', OWN_TICKETS, BENCH_EXAMPLES, []]];
  const rows: string[][] = rules.map(([n]) => [n.padEnd(20)]);
  for (const [name, tickets, labelled, none] of sets) {
    for (const withEx of [false, true]) {
      const counts = withEx ? await ex(labelled) : undefined;
      const res = [] as { short: boolean; p: number[]; s: number[]; want: number }[];
      for (const t of tickets) { const s = scoreFeatures(await ticketFeatures(t.ticket), prepared, counts); res.push({ short: isShort(t.ticket), s, p: confidences(s), want: BENCH_CATEGORIES.findIndex((c) => c.name === t.category) }); }
      const noneRes = [] as { short: boolean; p: number[]; s: number[] }[];
      if (!withEx) for (const t of none) { const s = scoreFeatures(await ticketFeatures(t), prepared); noneRes.push({ short: isShort(t), s, p: confidences(s) }); }
      rules.forEach(([, rule], i) => {
        let right = 0, wrong = 0;
        for (const r of res) if (rule(r.p, r.s, r.short)) { const best = r.p.indexOf(Math.max(...r.p)); if (best === r.want) right++; else wrong++; }
        const abst = noneRes.filter((r) => !rule(r.p, r.s, r.short)).length;
        rows[i]!.push(`${name}${withEx ? 'b' : 'a'} ${(100 * right / res.length).toFixed(1)}/${(100 * wrong / res.length).toFixed(1)}${!withEx && none.length ? ` n${abst}` : ''}`);
      });
    }
  }
  for (const r of rows) console.log(r.join(' | '));
}
main();
