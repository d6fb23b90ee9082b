import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The one chart of the console: a small uPlot wrapper fed columnar arrays (`t` in epoch seconds,
 * one array per series). Incidents are shaded spans and crashes/firmware changes vertical markers,
 * drawn by plugins on the same canvas. The time from handing uPlot the data to the end of its first
 * draw is written to `data-draw-ms` (read by `npm run bench:console`).
 */
export interface TimeChartProps {
  t: number[];
  series: { name: string; values: (number | null)[] }[];
  spans?: [number, number][];
  markers?: { at: number; label: string }[];
  /** Points to emphasise (anomalous records), as [time, value] pairs on the first series. */
  points?: [number, number][];
  height?: number;
  label: string;
}

const COLORS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#0891b2', '#db2777'];

function overlays(props: TimeChartProps): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        const { ctx } = u;
        const { top, height } = u.bbox;
        ctx.save();
        ctx.fillStyle = 'rgba(220, 38, 38, 0.12)';
        for (const [a, b] of props.spans ?? []) {
          const x0 = u.valToPos(a, 'x', true);
          const x1 = u.valToPos(b, 'x', true);
          ctx.fillRect(x0, top, Math.max(2, x1 - x0), height);
        }
        ctx.restore();
      },
      draw: (u) => {
        const { ctx } = u;
        const { top, height } = u.bbox;
        ctx.save();
        ctx.strokeStyle = '#7c3aed';
        ctx.setLineDash([4, 4]);
        for (const m of props.markers ?? []) {
          const x = u.valToPos(m.at, 'x', true);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
        }
        ctx.setLineDash([]);
        ctx.fillStyle = '#dc2626';
        for (const [at, value] of props.points ?? []) {
          const x = u.valToPos(at, 'x', true);
          const y = u.valToPos(value, 'y', true);
          ctx.beginPath();
          ctx.arc(x, y, 4 * devicePixelRatio, 0, 2 * Math.PI);
          ctx.fill();
        }
        ctx.restore();
      },
    },
  };
}

export function TimeChart(props: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const started = performance.now();
    let drawn = false;
    const width = Math.max(280, el.clientWidth);
    const opts: uPlot.Options = {
      width,
      height: props.height ?? 280,
      series: [{}, ...props.series.map((s, i) => ({ label: s.name, stroke: COLORS[i % COLORS.length], width: 1.5, spanGaps: false, points: { show: false } }))],
      axes: [{}, {}],
      scales: { x: { time: true } },
      legend: { show: true },
      plugins: [
        overlays(props),
        {
          hooks: {
            draw: () => {
              if (drawn) return;
              drawn = true;
              el.dataset.drawMs = (performance.now() - started).toFixed(1);
              el.dataset.drawn = 'true';
            },
          },
        },
      ],
    };
    const plot = new uPlot(opts, [props.t, ...props.series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: props.height ?? 280 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props]);
  return <div ref={host} className="chart" role="img" aria-label={props.label} />;
}
