import { rankCategories } from '../../shared/domain/ticket/classifier/embedded';
import { BENCH_CATEGORIES } from './classifier-set';
async function main() {
  for (const t of process.argv.slice(2)) {
    const r = await rankCategories({ title: t, description: '', messages: [] }, BENCH_CATEGORIES);
    console.log(`${r.confidence.toFixed(2)} ${r.best}  ${t}`);
  }
}
main();
