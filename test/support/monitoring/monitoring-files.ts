/**
 * docs/monitoring's files as tests read them: the rule groups, the promtool test files, the
 * dashboard, and the metric names the kiosk's registry exports (every optional value known).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { collectCoreMetrics } from '../../../electron/core/metrics/core-metrics';
import { createMetricsExposition } from '../../../electron/core/metrics/prometheus';

export const MONITORING_DIR = join(import.meta.dirname, '../../../docs/monitoring');
export const RULES_FILE = join(MONITORING_DIR, 'frontdesk-rules.yml');
export const RULE_TEST_FILES = ['frontdesk-rules.test.yml', 'frontdesk-rules-weekly.test.yml'].map(
  (name) => join(MONITORING_DIR, name),
);
export const DASHBOARD_FILE = join(MONITORING_DIR, 'frontdesk-dashboard.json');

export interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
export interface RuleFile {
  groups: { name: string; rules: Rule[] }[];
}

export function readRules(text = readFileSync(RULES_FILE, 'utf8')): RuleFile {
  return parse(text) as RuleFile;
}

export interface DashboardPanel {
  title: string;
  type: string;
  targets?: { expr: string; legendFormat?: string; instant?: boolean; format?: string }[];
  fieldConfig?: { defaults?: { unit?: string; min?: number; max?: number } };
}
export interface Dashboard {
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string; definition?: string }[] };
  panels: DashboardPanel[];
}

export function readDashboard(): Dashboard {
  return JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;
}

/** Every metric name the kiosk's /metrics can carry, from one render with every value known. */
export async function exportedMetricNames(): Promise<Set<string>> {
  const exposition = createMetricsExposition({
    version: '1.4.0',
    core: () =>
      collectCoreMetrics({
        now: 10_000_000,
        lastAnswerAt: 9_000_000,
        offlineForMs: 1_000,
        status: { online: false, mode: 'offline' },
        entries: BOOKING_STATES.map((state) => ({ state, createdAt: 1, updatedAt: 1 })),
        openFollowUps: { count: 1, oldestRefusedAt: 1 },
        governor: { day: { limit: 1000, used: 1 }, minute: { limit: 60, used: 1 } },
        health: {
          backupAgeSeconds: 60,
          databaseChecks: { start: true, integrity: true },
          update: 'idle',
          speechVoices: [{ language: 'de', available: true }],
        },
      }),
    screensConnected: () => 1,
    diskFreeBytes: () => 1,
  });
  const text = await exposition.render();
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] ?? ''));
}

const BOOKING_STATES = [
  'queued',
  'sending',
  'unknown',
  'quarantined',
  'rejected',
  'sent',
  'discarded',
] as const;
