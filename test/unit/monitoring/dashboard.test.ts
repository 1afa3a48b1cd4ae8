/**
 * The fleet dashboard (docs/monitoring/frontdesk-dashboard.json) is importable Grafana JSON with
 * one `shop` variable, and every panel query and every rule expression names only metrics the
 * kiosk's registry exports, recording rules of the shipped file, or Prometheus's own `up`: a
 * renamed metric fails here instead of drawing an empty panel in IT's Grafana.
 */
import { describe, expect, it } from 'vitest';
import {
  exportedMetricNames,
  readDashboard,
  readRules,
  type Dashboard,
} from '../../support/monitoring/monitoring-files';
import { metricNamesIn } from '../../support/monitoring/promql-names';

const PROMETHEUS_OWN = ['up'];

async function knownNames(): Promise<Set<string>> {
  const recorded = readRules()
    .groups.flatMap((group) => group.rules)
    .flatMap((rule) => (rule.record === undefined ? [] : [rule.record]));
  return new Set([...(await exportedMetricNames()), ...recorded, ...PROMETHEUS_OWN]);
}

function unknownInDashboard(dashboard: Dashboard, known: Set<string>): string[] {
  return dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).flatMap((target) =>
      metricNamesIn(target.expr)
        .filter((name) => !known.has(name))
        .map((name) => `${panel.title}: ${name}`),
    ),
  );
}

describe('the fleet dashboard', () => {
  const dashboard = readDashboard();

  it('is Grafana JSON with a shop variable from a label, and panels that filter by it', () => {
    expect(dashboard.schemaVersion).toBe(39);
    const shop = dashboard.templating.list.find((variable) => variable.name === 'shop');
    expect(shop).toMatchObject({ type: 'query', definition: 'label_values(frontdesk_info, shop)' });
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(12);
    for (const panel of dashboard.panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.expr, panel.title).toContain('$shop');
    }
  });

  it('names only metrics the kiosk exports', async () => {
    const known = await knownNames();
    expect(known.has('frontdesk_api_online')).toBe(true);
    expect(unknownInDashboard(dashboard, known)).toEqual([]);
  });

  it('fails on a panel that names a metric the kiosk does not export', async () => {
    const known = await knownNames();
    const broken: Dashboard = {
      ...dashboard,
      panels: [
        ...dashboard.panels,
        {
          title: 'Renamed',
          type: 'stat',
          targets: [{ expr: 'frontdesk_bookings_total{shop=~"$shop"}' }],
        },
      ],
    };
    expect(unknownInDashboard(broken, known)).toEqual(['Renamed: frontdesk_bookings_total']);
  });
});

describe('the rules', () => {
  it('name only metrics the kiosk exports (or their own recording rules)', async () => {
    const known = await knownNames();
    const unknown = readRules()
      .groups.flatMap((group) => group.rules)
      .flatMap((rule) =>
        metricNamesIn(rule.expr)
          .filter((name) => !known.has(name))
          .map((name) => `${rule.alert ?? rule.record ?? '?'}: ${name}`),
      );
    expect(unknown).toEqual([]);
  });
});
