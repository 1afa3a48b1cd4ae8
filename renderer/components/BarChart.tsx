import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale } from 'chart.js';

// Only the parts a bar chart draws with: Chart.js leaves the rest out of the staff chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend);

// As large as the tables' text, and as dark: staff read the axes from a step away.
const TICK_FONT = { size: 15 };
Chart.defaults.color = '#1b2226';

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
}

interface BarChartProps {
  /** The chart's name for assistive technology; the numbers are in the table it describes. */
  label: string;
  /** The id of the table with the same numbers (the chart's text equivalent). */
  describedBy: string;
  labels: string[];
  series: BarSeries[];
  locale: string;
  rtl: boolean;
  horizontal?: boolean;
}

/** A Chart.js bar chart on a canvas; drawn once per change, without animation. */
export function BarChart({
  label,
  describedBy,
  labels,
  series,
  locale,
  rtl,
  horizontal = false,
}: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // Redrawn when what it shows changes, not when a render builds equal arrays anew (nor kept
  // when the same language's strings arrive: a memo keyed on `t` missed that).
  const drawn = JSON.stringify({ labels, series, locale, rtl, horizontal });
  useEffect(() => {
    // A canvas without a 2D context (jsdom) draws nothing: the table still has the numbers.
    if (!canvas.current?.getContext('2d')) return;
    const shown = JSON.parse(drawn) as Omit<BarChartProps, 'label' | 'describedBy'>;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: shown.labels,
        datasets: shown.series.map((one) => ({
          label: one.label,
          data: one.values,
          backgroundColor: one.color,
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        locale: shown.locale,
        indexAxis: shown.horizontal ? 'y' : 'x',
        // Arabic reads from the right: the first hour, day or step stands at the right.
        scales: {
          x: { reverse: shown.rtl, ticks: { precision: 0, font: TICK_FONT } },
          y: { position: shown.rtl ? 'right' : 'left', ticks: { precision: 0, font: TICK_FONT } },
        },
        plugins: { legend: { rtl: shown.rtl, labels: { font: { size: 15 } } } },
      },
    });
    return () => chart.destroy();
  }, [drawn]);
  return (
    <div className="kiosk-chart">
      <canvas ref={canvas} role="img" aria-label={label} aria-describedby={describedBy} />
    </div>
  );
}
