import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The reports screen's chart (uPlot, a maintained canvas chart library), loaded only when a report is shown: what
 * clients paid and the office's margin per period. The table beside it says the same for screen readers.
 */
export function ReportChart({
  periods,
  client,
  margin,
}: {
  periods: string[];
  client: number[];
  margin: number[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(320, el.clientWidth);
    const plot = new uPlot(
      {
        width,
        height: 260,
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map((i) => periods[Math.round(i)] ?? '') },
          { label: 'USD', size: 70 },
        ],
        series: [
          { label: 'Period', value: (_u, i) => (i == null ? '' : (periods[Math.round(i)] ?? '')) },
          { label: 'Owed by clients', stroke: '#1d4ed8', width: 2 },
          { label: 'Margin', stroke: '#047857', width: 2, fill: 'rgba(4, 120, 87, 0.12)' },
        ],
      },
      [periods.map((_, i) => i), client, margin],
      el,
    );
    const resize = () => plot.setSize({ width: Math.max(320, el.clientWidth), height: 260 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [periods, client, margin]);
  return <div ref={box} className="report-chart" aria-hidden="true" />;
}
