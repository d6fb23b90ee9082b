import { ticketFeatures, prepareCategory, scoreFeatures, confidences } from '../../shared/domain/ticket/classifier/embedded';
import { BENCH_CATEGORIES } from '../../scripts/bench/classifier-set';
async function main() {
  const args = process.argv.slice(2);
  const title = args[0] ?? '';
  const messages = args.slice(1).map((a) => { const [r, ...c] = a.split(':'); return { role: r as 'customer', content: c.join(':') }; });
  const f = await ticketFeatures({ title, description: '', messages });
  console.log([...f].map(([k, v]) => `${k}=${v.toFixed(2)}`).join(' '));
  const prepared = await Promise.all(BENCH_CATEGORIES.map(prepareCategory));
  const s = scoreFeatures(f, prepared);
  const p = confidences(s);
  console.log(BENCH_CATEGORIES.map((c, i) => `${c.name}: ${s[i]!.toFixed(2)} (${p[i]!.toFixed(2)})`).join('\n'));
}
main();
