/**
 * The metric names a PromQL expression reads, for the check that the rules and the dashboard
 * name only metrics the kiosk exports. Not a PromQL parser: it drops strings, label matchers,
 * ranges and grouping clauses, then takes every identifier that is not a function call, a
 * keyword or a number. Enough for the expressions in docs/monitoring (a test feeds it a bad name).
 */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'inf',
  'nan',
]);

export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values, e.g. "$shop"
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' '); // Grafana variables outside matchers
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*(\()?)/g)) {
    const name = match[0];
    if (match[1] === '(' || KEYWORDS.has(name.toLowerCase())) continue;
    const before = stripped[(match.index ?? 0) - 1];
    if (before !== undefined && /[0-9.]/.test(before)) continue; // 500e6, 1.5e3
    names.add(name);
  }
  return [...names];
}
