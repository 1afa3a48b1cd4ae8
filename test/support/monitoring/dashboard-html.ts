/**
 * Draws docs/monitoring/frontdesk-dashboard.json's panels as one HTML page from the answers of a
 * real Prometheus (dashboard-screenshot.ts fetches them). This is a rendering of the dashboard's
 * queries for a screenshot where Grafana cannot run, not Grafana: the layout (gridPos), titles,
 * units, thresholds and legends follow the JSON; the drawing is simple SVG.
 */
import type { DashboardPanel } from './monitoring-files';

export interface Series {
  labels: Record<string, string>;
  /** [unix seconds, value] */
  points: [number, number][];
}

export interface PanelData {
  panel: DashboardPanel & { gridPos: { x: number; y: number; w: number; h: number } };
  series: Series[];
}

const COLOURS = ['#73bf69', '#f2cc0c', '#5794f2', '#ff780a', '#b877d9', '#f2495c', '#8ab8ff'];
const COLUMN = 52; // px per grid column (24 columns)
const ROW = 30; // px per grid row, as Grafana

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

function legend(format: string | undefined, labels: Record<string, string>): string {
  if (format === undefined) return Object.values(labels).join(' ') || 'value';
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => labels[name] ?? '');
}

export function formatValue(value: number, unit: string | undefined): string {
  if (!Number.isFinite(value)) return '–';
  switch (unit) {
    case 'percentunit':
      return `${(value * 100).toFixed(1)} %`;
    case 'bytes': {
      const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
      let v = value;
      let i = 0;
      while (v >= 1024 && i < units.length - 1) {
        v /= 1024;
        i += 1;
      }
      return `${v.toFixed(v >= 100 ? 0 : 1)} ${units[i] ?? 'B'}`;
    }
    case 's':
      if (value >= 86_400) return `${(value / 86_400).toFixed(1)} d`;
      if (value >= 3_600) return `${(value / 3_600).toFixed(1)} h`;
      if (value >= 60) return `${(value / 60).toFixed(1)} min`;
      return `${Math.round(value)} s`;
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(2);
  }
}

interface Step {
  color: string;
  value: number | null;
}
function thresholdColour(panel: DashboardPanel, value: number, fallback: string): string {
  const steps = (panel.fieldConfig?.defaults as { thresholds?: { steps: Step[] } } | undefined)
    ?.thresholds?.steps;
  if (!steps) return fallback;
  let colour = fallback;
  for (const step of steps) if (step.value === null || value >= step.value) colour = step.color;
  return { green: '#56a64b', red: '#e02f44', orange: '#ff9830' }[colour] ?? colour;
}

const last = (s: Series): number => s.points.at(-1)?.[1] ?? Number.NaN;

function stat({ panel, series }: PanelData): string {
  const value = series[0] ? last(series[0]) : Number.NaN;
  const colour = thresholdColour(panel, value, '#3d71d9');
  return `<div class="stat" style="background:${colour}">${escape(formatValue(value, panel.fieldConfig?.defaults?.unit))}</div>`;
}

function timeseries({ panel, series }: PanelData, width: number, height: number): string {
  const unit = panel.fieldConfig?.defaults?.unit;
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return '<div class="empty">No data</div>';
  const t0 = Math.min(...all.map((p) => p[0]));
  const t1 = Math.max(...all.map((p) => p[0]));
  const lo = Math.min(0, ...all.map((p) => p[1]));
  const hi = Math.max(panel.fieldConfig?.defaults?.max ?? 0, ...all.map((p) => p[1])) || 1;
  const left = 64;
  const plotW = width - left - 10;
  const plotH = height - 48;
  const x = (t: number) => left + ((t - t0) / Math.max(1, t1 - t0)) * plotW;
  const y = (v: number) => 8 + plotH - ((v - lo) / (hi - lo)) * plotH;
  const lines = series
    .map((s, i) => {
      const d = s.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ');
      return `<polyline fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="2" points="${d}"/>`;
    })
    .join('');
  const grid = [lo, (lo + hi) / 2, hi]
    .map(
      (v) =>
        `<line x1="${left}" x2="${left + plotW}" y1="${y(v)}" y2="${y(v)}" class="grid"/>` +
        `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${escape(formatValue(v, unit))}</text>`,
    )
    .join('');
  const clock = (t: number) => new Date(t * 1000).toISOString().slice(11, 19);
  const axis =
    `<text x="${left}" y="${plotH + 24}">${clock(t0)}</text>` +
    `<text x="${left + plotW}" y="${plotH + 24}" text-anchor="end">${clock(t1)} UTC</text>`;
  const keys = series
    .map(
      (s, i) =>
        `<span><i style="background:${COLOURS[i % COLOURS.length]}"></i>${escape(legend(panel.targets?.[0]?.legendFormat, s.labels))}</span>`,
    )
    .join('');
  return `<svg width="${width}" height="${plotH + 30}">${grid}${lines}${axis}</svg><div class="legend">${keys}</div>`;
}

function bargauge({ panel, series }: PanelData): string {
  const unit = panel.fieldConfig?.defaults?.unit;
  const max = panel.fieldConfig?.defaults?.max ?? Math.max(1, ...series.map(last));
  return series
    .map((s) => {
      const value = last(s);
      const share = Math.max(0, Math.min(1, value / max));
      const colour = thresholdColour(panel, value, '#3d71d9');
      return `<div class="bar"><span class="name">${escape(legend(panel.targets?.[0]?.legendFormat, s.labels))}</span><span class="track"><b style="width:${(share * 100).toFixed(1)}%;background:${colour}"></b></span><span class="value" style="color:${colour}">${escape(formatValue(value, unit))}</span></div>`;
    })
    .join('');
}

function table({ series }: PanelData): string {
  if (series.length === 0) return '<div class="empty">No data</div>';
  const hidden = new Set(['__name__', 'job', 'instance']);
  const columns = [...new Set(series.flatMap((s) => Object.keys(s.labels)))].filter(
    (c) => !hidden.has(c),
  );
  const head = [...columns, 'Value'].map((c) => `<th>${escape(c)}</th>`).join('');
  const rows = series
    .map(
      (s) =>
        `<tr>${columns.map((c) => `<td>${escape(s.labels[c] ?? '')}</td>`).join('')}<td>${escape(formatValue(last(s), undefined))}</td></tr>`,
    )
    .join('');
  return `<table><tr>${head}</tr>${rows}</table>`;
}

export function dashboardHtml(title: string, panels: PanelData[], note: string): string {
  const body = panels
    .map((data) => {
      const { x, y, w, h } = data.panel.gridPos;
      const width = w * COLUMN - 8;
      const height = h * ROW - 8;
      const inner =
        data.panel.type === 'stat'
          ? stat(data)
          : data.panel.type === 'timeseries'
            ? timeseries(data, width - 16, height - 40)
            : data.panel.type === 'bargauge'
              ? bargauge(data)
              : table(data);
      return `<section style="left:${x * COLUMN}px;top:${y * ROW}px;width:${width}px;height:${height}px"><h2>${escape(data.panel.title)}</h2>${inner}</section>`;
    })
    .join('');
  const bottom = Math.max(...panels.map((p) => (p.panel.gridPos.y + p.panel.gridPos.h) * ROW));
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#111217;color:#ccccdc;font:13px Inter,Helvetica,Arial,sans-serif}
header{padding:12px 16px;display:flex;gap:24px;align-items:baseline}
header h1{font-size:18px;margin:0;color:#fff}header .var{background:#22252b;border:1px solid #34373d;padding:4px 8px}
.note{color:#9fa7b3;font-size:12px}
main{position:relative;margin:0 8px;height:${bottom}px}
section{position:absolute;background:#181b1f;border:1px solid #2a2d33;border-radius:3px;padding:8px;box-sizing:border-box;overflow:hidden}
h2{font-size:13px;margin:0 0 8px;color:#d8d9da;font-weight:500}
.stat{height:calc(100% - 26px);display:flex;align-items:center;justify-content:center;font-size:44px;font-weight:600;color:#fff;border-radius:2px}
svg text{fill:#9fa7b3;font-size:11px}.grid{stroke:#2c3036}
.legend{display:flex;flex-wrap:wrap;gap:12px;font-size:12px}.legend i{display:inline-block;width:14px;height:4px;margin-right:5px;vertical-align:middle}
.bar{display:flex;align-items:center;gap:8px;margin:6px 0}.bar .name{width:110px}.bar .track{flex:1;height:18px;background:#22252b}.bar b{display:block;height:100%}.bar .value{width:80px;text-align:right;font-weight:600}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #2a2d33}th{color:#6e9fff;font-weight:500}
.empty{color:#6c7079;text-align:center;margin-top:30px}
</style></head><body><header><h1>${escape(title)}</h1><span class="var">Shop: All</span><span class="note">${escape(note)}</span></header><main>${body}</main></body></html>`;
}
