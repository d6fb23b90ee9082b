import { createRoot } from 'react-dom/client';
import { TimeChart } from '../src/ui/TimeChart';

/**
 * `npm run bench:console`: the device chart's wrapper drawing N points over 30 days (N from
 * `?points=`, default 50,000), with incidents shaded. The wrapper writes its draw time to
 * `data-draw-ms` (from handing uPlot the data to the end of the first draw).
 */
const n = Number(new URLSearchParams(location.search).get('points') ?? 50_000);
const end = Math.floor(Date.now() / 1000);
const start = end - 30 * 86_400;
const t = Array.from({ length: n }, (_, i) => start + ((end - start) * i) / (n - 1));
const temperature = t.map((_, i) => 20 + 3 * Math.sin(i / 500) + Math.random());
const humidity = t.map((_, i) => 45 + 8 * Math.cos(i / 900) + Math.random());
createRoot(document.getElementById('root') as HTMLElement).render(
  <TimeChart
    label="benchmark"
    t={t}
    series={[
      { name: 'temperature', values: temperature },
      { name: 'humidity', values: humidity },
    ]}
    spans={[
      [start + 5 * 86_400, start + 6 * 86_400],
      [end - 86_400, end],
    ]}
  />,
);
